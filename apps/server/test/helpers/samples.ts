import type { FieldDef, Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import type { TestApp, TestUser } from './build-app.ts';

let n = 0;
const uniq = () => `${Date.now().toString(36).slice(-5)}${(n++).toString(36)}`;

/**
 * An existing row's id (or its `valueField`) that the caller can see: the field's example when the
 * caller sees that row (examples of one resource fit together), else the first row.
 */
async function refSample(t: TestApp, u: TestUser, f: FieldDef): Promise<unknown> {
  const target = f.ref && resourceByName.get(f.ref.resource);
  if (!target) return f.required ? '1' : undefined; // not registered (yet): the engine cannot check it either
  if (f.example !== undefined && (f.ref?.valueField ?? 'id') === 'id') {
    const seen = await t.call(u, { method: 'GET', url: `${target.api}/detail?id=${encodeURIComponent(String(f.example))}` });
    if (seen.status === 200 && seen.body?.data) return f.example;
  }
  // A reference restricted to some rows (`ref.only`, a role's area: level 4) takes one of those;
  // none there and the field is optional: left out.
  const only = f.ref?.only ? `&${f.ref.only.field}_equal=${f.ref.only.value}` : '';
  const res = await t.call(u, { method: 'GET', url: `${target.api}/${target.routes.includes('page') ? 'page' : 'list'}?size=1${only}` });
  const rows = res.body?.data?.records ?? res.body?.data ?? [];
  return rows[0]?.[f.ref?.valueField ?? 'id'];
}

/** One past the largest value in use (or below the smallest when the top is taken). */
async function uniqueInt(t: TestApp, u: TestUser, r: Resource, key: string, lo: number, hi: number): Promise<number> {
  const edge = async (dir: 'ascs' | 'descs') =>
    (await t.call(u, { method: 'GET', url: `${r.api}/page?${dir}=${key}&size=1` })).body?.data?.records?.[0]?.[key] as number | undefined;
  const top = await edge('descs');
  if (top === undefined) return hi;
  if (top < hi) return top + 1;
  const bottom = (await edge('ascs')) as number;
  if (bottom > lo) return bottom - 1;
  throw new Error(`${r.name}.${key}: every value from ${lo} to ${hi} is taken`);
}

/**
 * A unique value the field's pattern accepts. `uniq()` may start with a digit, so the candidates
 * differ in their first character; a pattern none fits must give its field an example.
 */
function patternSample(f: FieldDef): unknown {
  const u = uniq();
  const max = f.max ?? 12;
  const digits = `${Date.now()}${n++}`.slice(-Math.min(max, 12));
  const candidates = [`s${u}`, `S${u}`, digits, `1.${n++}.0`].map((c) => c.slice(0, max));
  const re = new RegExp(f.pattern?.regex ?? '');
  const fit = candidates.find((c) => re.test(c));
  if (fit !== undefined) return fit;
  if (f.example !== undefined) return f.example;
  throw new Error(`no sample fits the pattern ${f.pattern?.regex}: give the field an example`);
}

/** A valid value for one field, derived from its definition (limits respected, unique where needed). */
async function sampleValue(t: TestApp, u: TestUser, key: string, f: FieldDef, r?: Resource): Promise<unknown> {
  if (f.example !== undefined && !f.unique && !(f.ref && f.type === 'string')) return f.example;
  switch (f.type) {
    case 'string':
    case 'text':
    case 'richText': {
      if (f.ref?.valueField) return refSample(t, u, f);
      if (f.pattern) return patternSample(f);
      // Unique everywhere: several rows of one resource must never collide on a composite key.
      const base = `${key}${uniq()}`;
      const min = f.min ?? 0;
      return base.padEnd(min, '测').slice(0, f.max ?? 255);
    }
    case 'int': {
      const lo = f.min ?? 0;
      const hi = f.max ?? 100;
      // A unique number must differ from every existing row's; others take a small valid value.
      return f.unique && r ? uniqueInt(t, u, r, key, lo, hi) : Math.max(lo, Math.min(hi, 3));
    }
    case 'order':
      return '1';
    case 'decimal':
      return '12.50';
    case 'enum':
    case 'multiEnum':
      return f.options?.[f.options.length - 1]?.value;
    case 'dict':
      return f.int ? 1 : '1';
    case 'date':
      return '2024-02-29';
    case 'datetime':
      return '2030-01-01 08:30:00';
    case 'parent':
      return '0';
    case 'ref':
    case 'multiRef':
      return refSample(t, u, f);
    case 'image':
    case 'file':
      return '/files/sample.png';
    case 'password':
      return f.required ? 'Sample#Pass1' : undefined;
  }
}

/** A complete valid submit body for a resource. */
export async function sampleBody(t: TestApp, u: TestUser, r: Resource): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(r.fields)) {
    if (f.serverOnly || key === r.builtIn) continue; // built-in rows are made by the seed, not by forms
    const v = await sampleValue(t, u, key, f, r);
    if (v !== undefined) body[key] = v;
  }
  return body;
}

/** Rows in the table, deleted ones included: a rejected write must not change it. */
export async function countRows(t: TestApp, r: Resource): Promise<number> {
  const [{ n }] = await t.db.query<{ n: number }>(`select count(*)::int as n from ${r.table}`);
  return n;
}
