import { pageConf } from '@civdesk/resources';
import { z } from 'zod';
import { Rows } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';

const FlagQuery = z.object({
  flag: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? ''))
    .refine((v) => v !== '', { error: '缺少必要的请求参数：flag' }),
});

/** The tabs one handling page shows, in order. */
async function tabsOf({ ctx, req, query }: Call<{ query: typeof FlagQuery }>) {
  return ok(await rows(ctx.db, pageConf, scopeOf(req), { ...listQuery(pageConf, { flag_equal: query.flag }), size: 200 }));
}

export const pageConfHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/getCommon`,
      { auth: 'signed-in', summary: '按标识获取页签', query: FlagQuery, data: Rows },
      tabsOf,
    );
  },
};
