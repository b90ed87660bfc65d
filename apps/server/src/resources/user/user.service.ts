import type { Queryable, Row } from '@civdesk/db';
import { isIdText } from '@civdesk/meta';
import { dept, post, role, user } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { notFound } from '../../core/envelope.ts';
import { idList } from '../../core/input.ts';
import { ALL_TENANTS, sqlOf } from '../../core/table-sql.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';

/** The users a call acts on (`userIds`): at most 200, comma-separated or an array. */
export const userIds = idList({
  strict: true,
  required: true,
  message: '请选择至少一条数据',
  max: 200,
  maxMessage: '一次最多操作200个用户',
});

const R = sqlOf(role);
const D = sqlOf(dept);
const P = sqlOf(post);
const U = sqlOf(user, 't');

/**
 * Users by id found through the engine, so the tenant filter and the caller's data scope apply:
 * every id must be one the caller may see, or nothing happens.
 */
export async function usersInScope(db: Queryable, s: Scope, ids: string[]): Promise<Row[]> {
  const p = new Params();
  const found = await rows(db, user, s, { ...listQuery(user, {}), size: 1000 }, [`${U.c.id} = any(${p.add(ids)}::bigint[])`], p);
  if (found.length !== new Set(ids).size) throw notFound('部分用户不存在或已被删除');
  return found;
}

/** Role, department and post names beside their ids (the list and detail show names), in one statement. */
export async function withNames(db: Queryable, found: Row[]): Promise<Row[]> {
  if (!found.length) return found;
  const ids = (k: string) => [
    ...new Set(
      found.flatMap((u) =>
        String(u[k] ?? '')
          .split(',')
          .filter(isIdText),
      ),
    ),
  ];
  // Names of the users' own tenants' rows, removed ones included (a user may still point at one).
  const tenants = [...new Set(found.map((u) => String(u.tenantId)))];
  const names = await db.query<{ kind: string; id: string; name: string }>(
    `select 'role' as kind, ${R.c.id}::text as id, ${R.c.roleName} as name from ${R.table} where ${R.c.id} = any($1::bigint[]) and ${R.tenant('any($4::text[])')}
     union all select 'dept', ${D.c.id}::text, ${D.c.deptName} from ${D.table} where ${D.c.id} = any($2::bigint[]) and ${D.tenant('any($4::text[])')}
     union all select 'post', ${P.c.id}::text, ${P.c.postName} from ${P.table} where ${P.c.id} = any($3::bigint[]) and ${P.tenant('any($4::text[])')}`,
    [ids('roleId'), ids('deptId'), ids('postId'), tenants],
  );
  const byKind = new Map(names.map((n) => [`${n.kind}:${n.id}`, n.name]));
  const label = (kind: string, v: unknown) =>
    String(v ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => byKind.get(`${kind}:${id}`) ?? '')
      .filter(Boolean)
      .join(',');
  return found.map((u) => ({
    ...u,
    roleName: label('role', u.roleId),
    deptName: label('dept', u.deptId),
    postName: label('post', u.postId),
  }));
}

/** Users of a department or any below it (any tenant's departments: the users themselves are filtered by tenant and data scope). */
export function inDept(p: Params, alias: string, deptId: string): string {
  const u = sqlOf(user, alias).c;
  const c = sqlOf(dept, 'c');
  return `string_to_array(${u.deptId}, ',')::bigint[] && array(with recursive d(id) as (select ${p.add(deptId)}::bigint
           union all select ${c.c.id} from ${c.table} join d on ${c.c.parentId} = d.id where ${c.live(ALL_TENANTS)}) select id from d)`;
}

/** Users of a department and the departments beneath it (`deptId`), registrations still pending left out. */
export function byDept(deptId: string | undefined) {
  return (p: Params, alias: string) => {
    const u = sqlOf(user, alias).c;
    const where = [`(${u.auditStatus} is null or ${u.auditStatus} = '1')`];
    if (deptId) where.push(inDept(p, alias, deptId));
    return where;
  };
}
