import { isDateText, permCode } from '@civdesk/meta';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { scopeOf } from '../../core/request.ts';
import { routes } from '../../core/route.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { tenantWorkday } from './tenant-calendar.ts';

const DayQuery = z.object({
  date: z
    .unknown()
    .transform((v) => String(v ?? ''))
    .refine((s) => isDateText(s, { time: 'none' }), { error: 'date 应为 yyyy-MM-dd 日期' }),
});

/** `isWorkday?date=`: the tenant's answer for one date, saying whether its own list or the national calendar decided. */
export const matIntWorkdayHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, [r.label.en]).get(
      `${r.api}/isWorkday`,
      { auth: { perm: permCode(r, 'view') }, summary: '工作日 某日是否工作日', query: DayQuery, data: Obj },
      async ({ req, query }) => ok(await tenantWorkday(ctx.db, scopeOf(req).caller.tenantId, query.date)),
    );
  },
};
