import { permCode } from '@civdesk/meta';
import { z } from 'zod';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { optionalId } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { findOne, rows } from '../../crud/repository.ts';

const DetailQuery = z.object({ id: optionalId, itemId: optionalId });

/** `detail?id=` one guide; `detail?itemId=` the matter's guide (its latest, should there be several). */
export const matIntServiceInfoHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/detail`,
      { auth: { perm: permCode(r, 'view') }, summary: '服务指南 详情(按id或事项)', query: DetailQuery },
      async ({ req, query }) => {
        const s = scopeOf(req);
        if (query.id !== undefined) {
          const row = await findOne(ctx.db, r, s, { id: query.id });
          if (!row) throw notFound();
          return ok(row);
        }
        if (query.itemId === undefined) throw badRequest('缺少必要的请求参数：id');
        const [latest] = await rows(ctx.db, r, s, { ...listQuery(r, { itemId: query.itemId }), size: 1 });
        if (!latest) throw notFound('该事项尚未配置服务指南');
        return ok(latest);
      },
    );
  },
};
