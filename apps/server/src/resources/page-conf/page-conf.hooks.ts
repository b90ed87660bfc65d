import type { ResourceHooks } from '../../crud/hooks.ts';
import { rows } from '../../crud/repository.ts';
import { listQuery, scopeOf } from '../../crud/routes.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

/** `getCommon?flag=`: the tabs one handling page shows, in order. */
export const pageConfHooks: ResourceHooks = {
  routes(app, r, deps) {
    app.get(
      `${r.api}/getCommon`,
      { config: { auth: 'signed-in' }, schema: { tags: [r.label.en], summary: '按标识获取页签' } },
      async (req) => {
        const flag = String((req.query as Record<string, unknown>).flag ?? '');
        if (!flag) throw badRequest('缺少必要的请求参数: flag');
        return ok(await rows(deps.db, r, scopeOf(req, deps), { ...listQuery(r, { flag_equal: flag }), size: 200 }));
      },
    );
  },
};
