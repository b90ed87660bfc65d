import { isIdText } from '@civdesk/meta';
import { notFound } from '../../core/envelope.ts';
import { plain, scopeOf } from '../../core/request.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';

/**
 * The engine's `detail?id=`, which also takes `detail?itemId=`: the matter's guide (its latest,
 * should there be several), found in the caller's own reach and then read as `id=`.
 */
export const matIntServiceInfoHooks: ResourceHooks = {
  routes(app, r, ctx) {
    app.addHook('preHandler', async (req) => {
      if (req.method !== 'GET' || !req.url.startsWith(`${r.api}/detail?`)) return;
      const q = plain(req.query);
      if (q.id !== undefined || q.itemId === undefined) return;
      const itemId = String(q.itemId);
      if (!isIdText(itemId)) return; // the engine refuses the unknown key with a 400
      const [latest] = await rows(ctx.db, r, scopeOf(req), { ...listQuery(r, { itemId }), size: 1 });
      if (!latest) throw notFound('该事项尚未配置服务指南');
      req.query = { id: String(latest.id) };
    });
  },
};
