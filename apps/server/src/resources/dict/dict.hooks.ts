import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne, page, rows } from '../../crud/repository.ts';
import { idParam, listQuery, scopeOf } from '../../crud/routes.ts';
import { mergeForest } from '../../crud/tree.ts';
import { badRequest, notFound, ok } from '../../plugins/envelope.ts';

/**
 * Dictionaries (system `dict` and per-tenant `dict-biz`, same shape, contract §6): a root row per
 * dictionary (dictKey -1) and children sharing its code. Children take the code of their root;
 * renaming a root's code renames its children's.
 */
export const dictHooks: ResourceHooks = {
  async beforeWrite({ db, resource, scope, mode, existing }, values) {
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    if (parentId === '0') {
      values.dictKey = '-1';
      if (mode === 'update' && existing && values.code !== undefined && values.code !== existing.code) {
        const tenant = resource.tenant ? ' and tenant_id = $3' : '';
        const params = resource.tenant ? [values.code, existing.code, scope.caller.tenantId] : [values.code, existing.code];
        await db.query(`update ${resource.table} set code = $1 where code = $2 and parent_id <> 0 and is_deleted = 0${tenant}`, params);
      }
      return;
    }
    const parent = await findOne(db, resource, scope, { id: parentId });
    if (!parent) throw notFound('上级字典不存在');
    const key = values.dictKey ?? existing?.dictKey;
    if (key === undefined || key === null || key === '') {
      throw badRequest('请输入字典键值', { errors: [{ field: 'dictKey', message: '请输入字典键值' }] });
    }
    values.code = parent.code;
  },
  routes(app, r, deps) {
    const tags = [r.label.en];
    const view = { auth: { perm: `${r.name}_view` } } as const;
    app.get(`${r.api}/dictionary`, { config: { auth: 'signed-in' }, schema: { tags, summary: '字典项(按编号)' } }, async (req) => {
      const code = String((req.query as Record<string, unknown>).code ?? '');
      if (!code) throw badRequest('缺少必要的请求参数: code');
      const q = listQuery(r, { code_equal: code, isSealed_equal: '0' });
      return ok((await rows(deps.db, r, scopeOf(req, deps), { ...q, size: 1000 }, ['t."parent_id" <> 0'])).map(pick));
    });
    app.get(`${r.api}/dictionary-tree`, { config: { auth: 'signed-in' }, schema: { tags, summary: '字典树(按编号)' } }, async (req) => {
      const code = String((req.query as Record<string, unknown>).code ?? '');
      if (!code) throw badRequest('缺少必要的请求参数: code');
      const q = listQuery(r, { code_equal: code, isSealed_equal: '0' });
      return ok(mergeForest(await rows(deps.db, r, scopeOf(req, deps), { ...q, size: 1000 }, ['t."parent_id" <> 0'])));
    });
    // Every dictionary (root rows) for a dropdown, titled "code: name" as BladeX clients show them.
    app.get(`${r.api}/select`, { config: { auth: 'signed-in' }, schema: { tags, summary: '字典下拉(根)' } }, async (req) => {
      // Business dictionaries: the caller's tenant's (the platform administrator may name another).
      const s = scopeOf(req, deps);
      const asked = (req.query as Record<string, unknown>).tenantId;
      const q = r.tenant ? { tenantId: asked !== undefined && asked !== '' ? asked : s.caller.tenantId } : {};
      const roots = await rows(deps.db, r, s, { ...listQuery(r, q), size: 1000 }, ['t."parent_id" = 0']);
      return ok(roots.map((d) => ({ ...pick(d), dictValue: `${d.code}: ${d.dictValue}` })));
    });
    app.get(`${r.api}/parent-list`, { config: view, schema: { tags, summary: '字典分页(根)' } }, async (req) =>
      ok(await page(deps.db, r, scopeOf(req, deps), listQuery(r, req.query), () => ['i."parent_id" = 0'])),
    );
    app.get(`${r.api}/child-list`, { config: view, schema: { tags, summary: '子字典列表' } }, async (req) => {
      const q = req.query as Record<string, unknown>;
      const parentId = String(q.parentId ?? '-1');
      if (parentId !== '-1') idParam(parentId, 'parentId');
      const s = scopeOf(req, deps);
      const root = parentId === '-1' ? null : await findOne(deps.db, r, s, { id: parentId });
      if (!root) return ok([]);
      const { parentId: _p, code: _c, ...filters } = q;
      const query = listQuery(r, { ...filters, code_equal: String(root.code) });
      return ok(mergeForest(await rows(deps.db, r, s, { ...query, size: 1000 }, ['t."parent_id" <> 0'])));
    });
  },
};

const dictKeys = new Set(['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark']);
function pick(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).filter(([k]) => dictKeys.has(k)));
}
