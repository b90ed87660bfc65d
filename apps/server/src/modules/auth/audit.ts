import type { Queryable } from '@civdesk/db';
import { authLog } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import { PLATFORM_TENANT } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { newId } from '../../crud/ids.ts';

const A = sqlOf(authLog);
const a = A.c;

export type AuthEvent =
  | 'login'
  | 'login-fail'
  | 'logout'
  | 'lockout'
  | 'unlock'
  | 'password-change'
  | 'password-reset'
  | 'grant'
  | 'register'
  | 'audit'
  | 'token-reuse';

const clip = (s: string | undefined | null, n: number) => (s ?? '').replaceAll('\u0000', '').slice(0, n);

/**
 * One row of the sign-in log (resource auth-log): who, when (timestamptz), from where, the result.
 * `userId` is the actor (0 when unknown); the tenant is the one the event concerns.
 */
export async function audit(
  q: Queryable,
  req: FastifyRequest,
  e: { event: AuthEvent; ok: boolean; tenantId: string; account?: string; userId?: string; deptId?: string; message?: string },
): Promise<void> {
  const tenantId = /^[0-9A-Za-z]{1,12}$/.test(e.tenantId) ? e.tenantId : PLATFORM_TENANT;
  await q.query(
    `insert into ${A.table} (${a.id}, ${a.tenantId}, ${a.createUser}, ${a.createDept}, ${a.updateUser}, ${a.account}, ${a.eventType},
                             ${a.result}, ${a.remoteIp}, ${a.userAgent}, ${a.message})
     values ($1, $2, $3, $4, $3, $5, $6, $7, $8, $9, $10)`,
    [
      newId(),
      tenantId,
      e.userId && /^\d{1,19}$/.test(e.userId) ? e.userId : '0',
      e.deptId && /^\d{1,19}$/.test(e.deptId) ? e.deptId : '0',
      clip(e.account, 64),
      e.event,
      e.ok ? 'success' : 'fail',
      clip(req.ip, 64),
      clip(String(req.headers['user-agent'] ?? ''), 500),
      clip(e.message, 500),
    ],
  );
}
