import type { Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { user } from '@civdesk/resources';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/envelope.ts';
import { optional, optionalId } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { ALL_TENANTS, sqlOf } from '../../core/table-sql.ts';
import { listQuery } from '../../crud/list-query.ts';
import { rows } from '../../crud/repository.ts';
import { withoutDataScope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';

const tenantText = z.union([z.string(), z.number()], { error: '租户ID格式不正确' }).transform(String);
export const SelectQuery = z.object({ tenantId: optional(tenantText), userId: optionalId });

const U = sqlOf(user, 'u');

/**
 * The department, role and post dropdowns: `userId=` gives that user's own departments, roles or
 * posts (the switch dialog asks for the caller's); otherwise a tenant's (`tenantId=`: the
 * caller's, or any for the platform administrator). Rows come through the engine, scoped as every read.
 */
export async function assignedSelect(
  ctx: AppContext,
  req: FastifyRequest,
  query: z.output<typeof SelectQuery>,
  r: Resource,
  field: 'deptId' | 'roleId' | 'postId',
): Promise<Row[]> {
  const s = scopeOf(req);
  const t = sqlOf(r, 't');
  const p = new Params();
  const tenantId = query.tenantId ?? s.caller.tenantId;
  if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw badRequest('租户ID格式不正确');
  // Another tenant's list only for the platform administrator; anyone else gets their own.
  const extra = [t.tenant(p.add(s.caller.platformAdmin ? tenantId : s.caller.tenantId))];
  let scope = s;
  if (query.userId) {
    // One's own departments and roles are assignments, not data: the switch dialog lists them all.
    if (query.userId === s.caller.userId) scope = withoutDataScope(s);
    const owner = s.caller.platformAdmin ? ALL_TENANTS : p.add(s.caller.tenantId);
    extra.push(
      `${t.c.id} in (select unnest(string_to_array(${U.c[field]}, ','))::bigint from ${U.table}
        where ${U.c.id} = ${p.add(query.userId)} and ${U.live(owner)})`,
    );
  }
  return rows(ctx.db, r, scope, { ...listQuery(r, {}), size: 1000 }, extra, p);
}
