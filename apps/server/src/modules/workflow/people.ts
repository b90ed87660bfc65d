import type { Queryable } from '@civdesk/db';
import { post, role, user } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';

// The users, roles and posts the workflow reads, named through their definitions.

/** A left join of the user whose id a text column holds (assignee, actor, starter), as `alias`. */
export function userJoin(alias: string, col: string): string {
  const U = sqlOf(user, alias);
  return `left join ${U.table} on ${U.c.id} = case when ${col} ~ '^[0-9]{1,18}$' then ${col}::bigint end`;
}

/** The real-name column of a joined user. */
export const realName = (alias: string) => sqlOf(user, alias).c.realName;

/** True when the tenant has this live user. */
export async function isUser(q: Queryable, tenantId: string, userId: string): Promise<boolean> {
  const U = sqlOf(user);
  return (await q.query(`select 1 from ${U.table} where ${U.c.id} = $1 and ${U.live('$2')}`, [userId, tenantId])).length > 0;
}

/** Enabled users holding a senior post (category 1) in a department. */
export async function deptLeaders(q: Queryable, tenantId: string, deptId: string): Promise<string[]> {
  const U = sqlOf(user, 'u');
  const P = sqlOf(post, 'p');
  const rows = await q.query<{ id: string }>(
    `select ${U.c.id}::text as id from ${U.table} where ${U.live('$1')} and ${U.c.status} = 1
       and $2 = any(string_to_array(${U.c.deptId}, ','))
       and exists (select 1 from ${P.table} where ${P.live(U.c.tenantId)} and ${P.c.category} = 1
                    and ${P.c.id}::text = any(string_to_array(${U.c.postId}, ',')))`,
    [tenantId, deptId],
  );
  return rows.map((r) => r.id);
}

/** Enabled users of candidate groups (`n` indexes the groups): a role by id or alias, or a department. */
export async function usersOfGroups(q: Queryable, tenantId: string, groups: { kind: string; value: string }[]) {
  const U = sqlOf(user, 'u');
  const R = sqlOf(role, 'r');
  return q.query<{ n: number; user_id: string }>(
    `select g.n, ${U.c.id}::text as user_id
       from jsonb_to_recordset($2::jsonb) as g(n int, kind text, value text)
       join ${U.table} on ${U.live('$1')} and ${U.c.status} = 1
      where (g.kind = 'dept' and g.value = any(string_to_array(${U.c.deptId}, ',')))
         or (g.kind = 'role' and exists (select 1 from ${R.table} where ${R.live('$1')}
               and (${R.c.id}::text = g.value or ${R.c.roleAlias} = g.value) and ${R.c.id}::text = any(string_to_array(${U.c.roleId}, ','))))
      limit 1000`,
    [tenantId, JSON.stringify(groups.map((g, n) => ({ n, kind: g.kind, value: g.value })))],
  );
}
