import type { Queryable, Row } from '@civdesk/db';
import { dept, userOperLog } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';

const D = sqlOf(dept);

/**
 * Writes one entry of the user-operation audit per user touched: who was changed, what was
 * done, by whom; the audit administrator reviews it later (status 0 = pending). The entry belongs
 * to the touched user's tenant.
 */
export async function logUserOperation(db: Queryable, s: Scope, users: Row[], content: string): Promise<void> {
  for (const u of users) {
    // The names of the departments the user belongs to now (removed ones included: the entry records what was).
    const [d] = await db.query<{ names: string | null }>(
      `select string_agg(${D.c.deptName}, ',' order by ${D.c.sort}) as names from ${D.table}
        where ${D.c.id} = any(string_to_array(coalesce($1, ''), ',')::bigint[]) and ${D.tenant('$2')}`,
      [u.deptId ?? null, u.tenantId],
    );
    await insert(
      db,
      userOperLog,
      s,
      {
        account: u.account,
        realName: u.realName,
        deptName: d?.names ?? '',
        content: content.slice(0, 2000),
        auditStatus: 0,
        userType: u.userType ?? null,
        operator: s.caller.account,
      },
      String(u.tenantId),
    );
  }
}
