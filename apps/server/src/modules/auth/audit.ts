import type { Queryable } from '@civdesk/db';
import { authLog } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import { PLATFORM_TENANT } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { clipText } from '../../core/text.ts';
import { newId } from '../../crud/ids.ts';
import type { LogRow } from '../log/log-writer.ts';

const A = sqlOf(authLog);
const a = A.c;
/** Column names as the log writer takes them (unquoted). */
const col = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.replaceAll('"', '')])) as Record<keyof typeof a, string>;

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

/**
 * One row of the sign-in log (resource auth-log): who, when (timestamptz), from where, the result.
 * `userId` is the actor (0 when unknown); the tenant is the one the event concerns. Written at
 * once; when the database cannot take it outside a transaction, the row goes to the log writer,
 * which keeps it and retries (the server's logs never lose a row silently).
 */
export async function audit(
  q: Queryable,
  req: FastifyRequest,
  e: { event: AuthEvent; ok: boolean; tenantId: string; account?: string; userId?: string; deptId?: string; message?: string },
): Promise<void> {
  const tenantId = /^[0-9A-Za-z]{1,12}$/.test(e.tenantId) ? e.tenantId : PLATFORM_TENANT;
  const userId = e.userId && /^\d{1,19}$/.test(e.userId) ? e.userId : '0';
  const row: LogRow = {
    [col.tenantId]: tenantId,
    [col.createUser]: userId,
    [col.createDept]: e.deptId && /^\d{1,19}$/.test(e.deptId) ? e.deptId : '0',
    [col.updateUser]: userId,
    [col.account]: clipText(e.account, 64),
    [col.eventType]: e.event,
    [col.result]: e.ok ? 'success' : 'fail',
    [col.remoteIp]: clipText(req.ip, 64),
    [col.userAgent]: clipText(req.headers['user-agent'], 500),
    [col.message]: clipText(e.message, 500),
  };
  const names = Object.keys(row);
  try {
    await q.query(
      `insert into ${A.table} (${a.id}, ${names.map((n) => `"${n}"`).join(', ')}) values ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')})`,
      [newId(), ...Object.values(row)],
    );
  } catch (err) {
    // Inside a transaction the event itself is rolled back: nothing to keep.
    if (!('tx' in q) || !req.server.logs) throw err;
    req.server.logs.writer.add(authLog.table, row);
  }
}
