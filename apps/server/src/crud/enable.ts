import { permCode, type Resource } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../plugins/envelope.ts';
import type { RouteDeps } from './hooks.ts';
import { findOne } from './repository.ts';
import { idParam, scopeOf } from './routes.ts';

/**
 * `POST <api>/enable?id=`: makes one row the tenant's enabled one (status 2) and the others not
 * (status 1), in one statement — SMS and object-storage settings work this way. It demands the
 * resource's own `enable` button: switching the tenant's provider is more than editing one row.
 */
export function registerEnableRoute(app: FastifyInstance, r: Resource, deps: RouteDeps) {
  app.post(
    `${r.api}/enable`,
    { config: { auth: { perm: permCode(r, 'enable') } }, schema: { tags: [r.label.en], summary: '启用' } },
    async (req) => {
      const q = { ...((req.body as object) ?? {}), ...((req.query as object) ?? {}) } as Record<string, unknown>;
      const id = idParam(q.id, 'id');
      const s = scopeOf(req, deps);
      const row = await findOne(deps.db, r, s, { id });
      if (!row) throw notFound();
      // The row's own tenant: the platform administrator may enable a setting of another tenant.
      await deps.db.query(
        `update ${r.table} set status = case when id = $1 then 2 else 1 end, update_time = now()
        where tenant_id = $2 and is_deleted = 0 and (status = 2 or id = $1)`,
        [id, row.tenantId],
      );
      return ok(true, '操作成功!');
    },
  );
}
