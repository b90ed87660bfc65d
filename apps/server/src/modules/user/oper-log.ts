import type { Queryable, Row } from '@civdesk/db';
import { newId } from '../../crud/ids.ts';
import type { Scope } from '../../crud/scope.ts';

/**
 * Writes one entry of the user-operation audit per user touched: who was changed, what was
 * done, by whom; the audit administrator reviews it later (status 0 = pending).
 */
export async function logUserOperation(db: Queryable, s: Scope, users: Row[], content: string): Promise<void> {
  for (const u of users) {
    const [d] = await db.query<{ names: string | null }>(
      `select string_agg(dept_name, ',' order by sort) as names from blade_dept where id = any(string_to_array(coalesce($1, ''), ',')::bigint[])`,
      [u.deptId ?? null],
    );
    await db.query(
      `insert into blade_user_oper_log (id, tenant_id, account, real_name, dept_name, content, audit_status, user_type, operator, create_user, create_dept, update_user)
       values ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $9)`,
      [
        newId(),
        u.tenantId,
        u.account,
        u.realName,
        d?.names ?? '',
        content.slice(0, 2000),
        u.userType ?? null,
        s.caller.account,
        s.caller.userId,
        s.caller.deptId,
      ],
    );
  }
}
