import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { idParam, scopeOf } from '../../crud/routes.ts';
import { level, nodeForest } from '../../crud/tree.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';
import { registerAreaRoutes } from './area.routes.ts';

/**
 * Regions keep their full name and code path in step with the parent, and answer the BladeX
 * `lazy-tree?parentCode=` form whose nodes are keyed by region code (contract §1.3).
 */
export const regionHooks: ResourceHooks = {
  async beforeWrite({ db, resource, scope, existing }, values) {
    const parentId = String(values.parentId ?? existing?.parentId ?? '0');
    const code = String(values.code ?? existing?.code ?? '');
    const name = String(values.name ?? existing?.name ?? '');
    const parent = parentId === '0' ? null : await findOne(db, resource, scope, { id: parentId });
    values.fullPath = parent ? `${parent.fullPath},${code}` : code;
    if (values.regionLevel === undefined && !existing) values.regionLevel = parent ? Number(parent.regionLevel ?? 0) + 1 : 1;
    if (values.fullName === undefined && !existing) values.fullName = parent ? `${parent.fullName}${name}` : name;
  },
  routes(app, r, deps) {
    registerAreaRoutes(app, r, deps, regionHooks);
    // Both forms: `parentId=` (engine ids, like every tree) and BladeX `parentCode=` (region codes).
    app.get(
      `${r.api}/lazy-tree`,
      { config: { auth: { perm: 'region_view' } }, schema: { tags: [r.label.en], summary: '行政区划懒加载树' } },
      async (req) => {
        const q = req.query as Record<string, unknown>;
        if (q.parentCode === undefined) {
          const parentId = idParam(String(q.parentId ?? '0') || '0', 'parentId');
          return ok(nodeForest(r, await level(deps.db, r, scopeOf(req, deps), parentId)));
        }
        const parentCode = String(q.parentCode || '00');
        if (!/^\d{1,32}$/.test(parentCode)) throw badRequest('parentCode 应为区划编号');
        const s = scopeOf(req, deps);
        const parent = parentCode === '00' ? null : await findOne(deps.db, r, s, { code: parentCode });
        if (parentCode !== '00' && !parent) return ok([]);
        const found = await level(deps.db, r, s, parent ? String(parent.id) : '0');
        return ok(
          found.map((row) => ({
            id: String(row.code),
            parentId: parent ? parentCode : '00',
            title: String(row.name),
            key: String(row.code),
            value: String(row.code),
            hasChildren: Boolean(row.hasChildren),
          })),
        );
      },
    );
  },
};
