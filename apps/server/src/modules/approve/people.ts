import type { Queryable } from '@civdesk/db';
import { dept, user } from '@civdesk/resources';
import type { Caller } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';

const U = sqlOf(user);
const D = sqlOf(dept);

/** The caller's real name and department name, as registrations and opinions record them. */
export async function whoIs(q: Queryable, c: Caller): Promise<{ name: string; deptName: string | null }> {
  const [u] = await q.query<{ name: string | null }>(`select ${U.c.realName} as name from ${U.table} where ${U.c.id}::text = $1`, [
    c.userId,
  ]);
  const [d] = await q.query<{ name: string | null }>(`select ${D.c.deptName} as name from ${D.table} where ${D.c.id}::text = $1`, [
    c.deptId,
  ]);
  return { name: u?.name ?? c.userName, deptName: d?.name ?? null };
}
