import { permCode, type Resource } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Done } from '../core/answers.ts';
import type { AppContext } from '../core/context.ts';
import { notFound, ok } from '../core/envelope.ts';
import { id } from '../core/input.ts';
import { scopeOf } from '../core/request.ts';
import { routes } from '../core/route.ts';
import { sqlOf } from '../core/table-sql.ts';
import { findOne } from './repository.ts';

const EnableParams = z.object({ id });

/**
 * `POST <api>/enable?id=`: makes one row the tenant's enabled one (status 2) and the others not
 * (status 1), in one statement — SMS and object-storage settings work this way. It demands the
 * resource's own `enable` button: switching the tenant's provider is more than editing one row.
 */
export function registerEnableRoute(app: FastifyInstance, r: Resource, ctx: AppContext) {
  const t = sqlOf(r);
  routes(app, ctx, [r.label.en]).post(
    `${r.api}/enable`,
    { auth: { perm: permCode(r, 'enable') }, summary: '启用', params: EnableParams, data: Done },
    async ({ req, params }) => {
      const row = await findOne(ctx.db, r, scopeOf(req), { id: params.id });
      if (!row) throw notFound();
      // The row's own tenant: the platform administrator may enable a setting of another tenant.
      await ctx.db.query(
        `update ${t.table} set ${t.c.status} = case when ${t.c.id} = $1 then 2 else 1 end, ${t.c.updateTime} = now()
          where ${t.live('$2')} and (${t.c.status} = 2 or ${t.c.id} = $1)`,
        [params.id, row.tenantId],
      );
      return ok(true, '操作成功!');
    },
  );
}
