import type { Queryable } from '@civdesk/db';
import { dict, dictionaries, dictionaryTypes, param, parameters } from '@civdesk/resources';
import type { Scope } from '../core/caller.ts';
import { newId } from '../crud/ids.ts';
import { insert } from '../crud/repository.ts';

// Reference data declared beside the definitions (packages/resources/src/reference): parameters,
// system dictionaries and the dictionary-type tree. The same calls fill a fresh database and, on
// every later start, add what an upgrade declared and the database lacks. What exists is never
// changed, and a removed row (is_deleted 1) counts as existing: an administrator's edit or removal
// stands.

/** Adds the declared parameters a database lacks (by key); returns how many. */
export async function syncParams(t: Queryable, s: Scope): Promise<number> {
  const known = new Set((await t.query<{ k: string }>('select param_key as k from blade_param')).map((r) => r.k));
  let added = 0;
  for (const [paramKey, p] of Object.entries(parameters)) {
    if (known.has(paramKey)) continue;
    await insert(t, param, s, { paramKey, paramName: p.name, paramValue: p.value });
    added++;
  }
  return added;
}

/** Adds the declared system dictionaries and entries a database lacks (by code, and code + key); returns how many rows. */
export async function syncDictionaries(t: Queryable, s: Scope): Promise<number> {
  const rows = await t.query<{ id: string; code: string; key: string; parent: string; deleted: number }>(
    'select id::text as id, code, dict_key as key, parent_id::text as parent, is_deleted as deleted from blade_dict order by is_deleted desc, id desc',
  );
  // A live root wins over a removed one (the same preference as for menus).
  const roots = new Map(rows.filter((r) => r.parent === '0').map((r) => [r.code, r] as const));
  const entries = new Set(rows.filter((r) => r.parent !== '0').map((r) => `${r.code}\u0000${r.key}`));
  let added = 0;
  for (const [code, d] of Object.entries(dictionaries)) {
    const root = roots.get(code);
    if (root?.deleted) continue; // removed by an administrator, entries and all
    let rootId = root?.id;
    if (!rootId) {
      rootId = String((await insert(t, dict, s, { parentId: '0', code, dictKey: '-1', dictValue: d.title, sort: 1, isSealed: 0 })).id);
      added++;
    }
    let sort = 0;
    for (const [dictKey, dictValue] of d.entries) {
      sort++;
      if (entries.has(`${code}\u0000${dictKey}`)) continue;
      await insert(t, dict, s, { parentId: rootId, code, dictKey, dictValue, sort, isSealed: 0 });
      added++;
    }
  }
  return added;
}

/** Adds the declared dictionary-type categories, types and entries a database lacks; returns how many rows. */
export async function syncDictTypes(t: Queryable, userId: string): Promise<number> {
  const types = new Map(
    (
      await t.query<{ id: string; code: string; deleted: number }>(
        'select id::text as id, dict_type as code, is_deleted as deleted from dw_sys_dict_type order by is_deleted desc, id desc',
      )
    ).map((r) => [r.code, r] as const),
  );
  const details = new Set(
    (await t.query<{ type: string; key: string }>('select dict_type as type, dict_key as key from dw_sys_dict_detail')).map(
      (r) => `${r.type}\u0000${r.key}`,
    ),
  );
  let added = 0;
  let categoryOrder = 0;
  for (const category of dictionaryTypes) {
    categoryOrder++;
    const root = types.get(category.code);
    if (root?.deleted) continue; // removed by an administrator, types and all
    let rootId = root?.id;
    if (!rootId) {
      rootId = newId();
      await t.query(
        `insert into dw_sys_dict_type (id, parent_id, dict_name, dict_type, fnum, order_num, in_use, is_sys, fcode, create_user)
         values ($1, 0, $2, $3, 0, $4, 1, 1, '', $5)`,
        [rootId, category.name, category.code, categoryOrder, userId],
      );
      added++;
    }
    let order = 0;
    for (const type of category.types) {
      order++;
      const known = types.get(type.code);
      if (known?.deleted) continue;
      if (!known) {
        await t.query(
          `insert into dw_sys_dict_type (id, parent_id, dict_name, dict_type, fnum, order_num, in_use, is_sys, fcode, create_user)
           values ($1, $2, $3, $4, $5, $6, 1, 0, $7, $8)`,
          [newId(), rootId, type.name, type.code, type.entries.length, order, category.code, userId],
        );
        added++;
      }
      let n = 0;
      for (const [key, value] of type.entries) {
        n++;
        if (details.has(`${type.code}\u0000${key}`)) continue;
        await t.query(
          'insert into dw_sys_dict_detail (id, dict_type, dict_key, dict_value, order_num, in_use, create_user) values ($1, $2, $3, $4, $5, 1, $6)',
          [newId(), type.code, key, value, n, userId],
        );
        added++;
      }
    }
  }
  return added;
}
