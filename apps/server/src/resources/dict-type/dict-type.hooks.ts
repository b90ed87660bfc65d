import type { Row } from '@civdesk/db';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, rows } from '../../crud/repository.ts';
import { listQuery, scopeOf, submit } from '../../crud/routes.ts';
import { mergeForest } from '../../crud/tree.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

/** A type node as the type-tree screens read it (typeCode/typeName/parentCode). */
const typeNode = (row: Row) => ({
  ...row,
  typeCode: row.dictType,
  typeName: row.dictName,
  parentCode: row.fcode ?? '',
  title: row.dictName,
  key: row.id,
  value: row.id,
});

/**
 * Dictionary types form a tree; `fcode` always holds the parent's code, and renaming a type's code
 * carries its children and entries along.
 */
export const dictTypeHooks: ResourceHooks = {
  async beforeWrite({ db, resource, scope, mode, existing }, values) {
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    const parent = parentId === '0' ? null : await findOne(db, resource, scope, { id: parentId });
    values.fcode = parent ? String(parent.dictType) : '';
    if (mode === 'update' && existing && values.dictType !== undefined && values.dictType !== existing.dictType) {
      await db.query('update dw_sys_dict_type set fcode = $1 where fcode = $2 and is_deleted = 0', [values.dictType, existing.dictType]);
      await db.query('update dw_sys_dict_detail set dict_type = $1 where dict_type = $2 and is_deleted = 0', [
        values.dictType,
        existing.dictType,
      ]);
    }
  },
  routes(app, r, deps) {
    const tags = [r.label.en];
    const view = { auth: { perm: `${r.name}_view` } } as const;
    app.get(`${r.api}/cusTree`, { config: view, schema: { tags, summary: '字典类型树' } }, async (req) => {
      const found = await rows(deps.db, r, scopeOf(req, deps), { ...listQuery(r, req.query), size: 5000 });
      return ok(mergeForest(found.map(typeNode)));
    });
    app.post(`${r.api}/save`, { config: { auth: { perm: `${r.name}_edit` } }, schema: { tags, summary: '新增字典类型' } }, async (req) => {
      if ((req.body as { id?: unknown } | null)?.id) throw badRequest('新增时不能指定主键');
      return ok(await submit(deps, r, req, dictTypeHooks), '新增成功');
    });
  },
};

/** Entries of a type (the engine checks the type exists: `dictType` references it by code). */
export const dictDetailHooks: ResourceHooks = {
  routes(app, r, deps) {
    app.get(
      `${r.api}/getBmDictTree`,
      { config: { auth: 'signed-in' }, schema: { tags: [r.label.en], summary: '字典类型及明细树' } },
      async (req) => {
        const s = scopeOf(req, deps);
        const types = await deps.db.query<Row>(
          `select id::text, parent_id::text as "parentId", dict_type as "dictType", dict_name as "dictName", fcode
           from dw_sys_dict_type where is_deleted = 0 and in_use = 1 order by order_num, id`,
        );
        const entries = await rows(deps.db, r, s, { ...listQuery(r, { inUse_equal: '1' }), size: 5000 });
        const byType = new Map<string, Row[]>();
        for (const e of entries) byType.set(String(e.dictType), [...(byType.get(String(e.dictType)) ?? []), e]);
        const leaves = types.flatMap((t) =>
          (byType.get(String(t.dictType)) ?? []).map((e) => ({
            ...e,
            parentId: t.id,
            title: e.dictValue,
            key: e.id,
            value: e.dictKey,
            leaf: true,
          })),
        );
        return ok(mergeForest([...types.map(typeNode), ...leaves]));
      },
    );
  },
};
