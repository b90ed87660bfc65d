import { operationTime } from '@civdesk/resources';
import { Obj } from '../../core/answers.ts';
import { ok } from '../../core/envelope.ts';
import { nothing } from '../../core/input.ts';
import { tokenOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { verifyAccessToken } from '../../core/tokens.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';

const O = sqlOf(operationTime);
const o = O.c;

/**
 * The shell's idle poll: overMax once the session has been idle longer than the tenant's
 * idle-timeout setting in use (else the `account.idleTimeout` parameter), or is gone; the session
 * then ends server-side too. The poll itself does not count as activity.
 */
async function checkIdle({ ctx, req }: Call) {
  const token = tokenOf(req);
  const claims = token ? await verifyAccessToken(ctx.key, token) : null;
  const [setting] = claims
    ? await ctx.db.query<{ minutes: number }>(
        `select ${o.operationTime} as minutes from ${O.table} where ${O.live('$1')} and ${o.isStop} = 0 order by ${o.updateTime} desc limit 1`,
        [claims.tenantId],
      )
    : [];
  const maxIdleSeconds = (setting?.minutes ?? (await ctx.params.int('account.idleTimeout'))) * 60;
  const session = claims ? await ctx.sessions.check(claims.sessionId) : null;
  if (!claims || !session?.live || !session.userActive) return ok({ overMax: true, idleSeconds: 0, maxIdleSeconds });
  const overMax = session.idleSeconds > maxIdleSeconds;
  if (overMax) await ctx.sessions.revoke(ctx.db, claims.sessionId, 'idle');
  return ok({ overMax, idleSeconds: session.idleSeconds, maxIdleSeconds });
}

/** The tenant's idle-timeout settings, and the shell's idle check that uses them. */
export const operationTimeHooks: ResourceHooks = {
  routes(app, r, ctx) {
    routes(app, ctx, ['Auth']).get(
      `${r.api}/checkRefresh`,
      { auth: 'public', summary: '操作超时检查', query: nothing, data: Obj },
      checkIdle,
    );
  },
};
