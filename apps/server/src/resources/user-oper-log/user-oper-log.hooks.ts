import { permCode } from '@civdesk/meta';
import { userOperLog } from '@civdesk/resources';
import { z } from 'zod';
import { Done } from '../../core/answers.ts';
import { badRequest, notFound, ok } from '../../core/envelope.ts';
import { idList } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';

const L = sqlOf(userOperLog);
const T = sqlOf(userOperLog, 't');

const DecideParams = z.object({
  ids: idList({ required: true, max: 1000, message: '请选择至少一条数据' }),
  auditReason: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? '')),
});

/** The audit administrator passes (1) or rejects (2) entries still pending, with a note. */
const decide =
  (status: number) =>
  async ({ ctx, req, params }: Call<{ params: typeof DecideParams }>) => {
    const s = scopeOf(req);
    const p = new Params();
    const q = { ...listQuery(userOperLog, {}), size: 1000 };
    const seen = await rows(ctx.db, userOperLog, s, q, [`${T.c.id} = any(${p.add(params.ids)}::bigint[])`], p);
    if (seen.length !== params.ids.length) throw notFound('部分数据不存在');
    if (seen.some((x) => Number(x.auditStatus) !== 0)) throw badRequest('只能审计待审计的记录');
    const reason = params.auditReason.replaceAll('\u0000', '').slice(0, 255);
    const c = L.c;
    await ctx.db.query(
      `update ${L.table} set ${c.auditStatus} = $2, ${c.auditReason} = $3, ${c.updateUser} = $4, ${c.updateTime} = now()
        where ${c.id} = any($1::bigint[])`,
      [params.ids, status, reason || null, s.caller.userId],
    );
    return ok(true, '操作成功');
  };

/** The user-operation audit: the engine lists it; these calls decide entries. */
export const userOperLogHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, ['Users']);
    const auth = { perm: permCode(r, 'audit') };
    route.post(`${r.api}/auditPass`, { auth, summary: '审计通过', params: DecideParams, data: Done }, decide(1));
    route.post(`${r.api}/auditReject`, { auth, summary: '审计驳回', params: DecideParams, data: Done }, decide(2));
  },
};
