import type { Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { dept, post, role } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rows } from '../../crud/repository.ts';
import { idParam, listQuery } from '../../crud/routes.ts';
import { type Scope, withoutDataScope } from '../../crud/scope.ts';
import { Params } from '../../crud/sql.ts';
import { type AuthServices, callerOf } from '../../plugins/auth.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

const scopeOf = (req: FastifyRequest, auth: AuthServices): Scope => ({ caller: callerOf(req), tz: auth.config.timeZone });

/**
 * Department, role and post dropdowns (spec 000 §6, §7; 001 §7): `userId=` gives that user's own departments or
 * roles (the switch dialog asks for the caller's); otherwise a tenant's (`tenantId=`: the caller's,
 * or any for the platform administrator). Rows come through the engine, scoped as every read.
 */
export function registerSelectRoutes(app: FastifyInstance, auth: AuthServices) {
  const { db } = auth;

  const select = async (req: FastifyRequest, r: Resource, userColumn: 'dept_id' | 'role_id' | 'post_id'): Promise<Row[]> => {
    const s = scopeOf(req, auth);
    const q = req.query as Record<string, unknown>;
    const p = new Params();
    const extra: string[] = [];
    const tenantId = q.tenantId === undefined || q.tenantId === '' ? s.caller.tenantId : String(q.tenantId);
    if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) throw badRequest('租户ID格式不正确');
    // Another tenant's list only for the platform administrator; anyone else gets their own.
    extra.push(`t."tenant_id" = ${p.add(s.caller.platformAdmin ? tenantId : s.caller.tenantId)}`);
    let scope = s;
    if (q.userId !== undefined && q.userId !== '') {
      const userId = idParam(q.userId, 'userId');
      // One's own departments and roles are assignments, not data: the switch dialog lists them all.
      if (userId === s.caller.userId) scope = withoutDataScope(s);
      const owner = s.caller.platformAdmin ? '' : ` and u."tenant_id" = ${p.add(s.caller.tenantId)}`;
      extra.push(
        `t."id" in (select unnest(string_to_array(u."${userColumn}", ','))::bigint from "blade_user" u where u."id" = ${p.add(userId)} and u."is_deleted" = 0${owner})`,
      );
    }
    return rows(db, r, scope, { ...listQuery(r, {}), size: 1000 }, extra, p);
  };

  app.get(`${dept.api}/select`, { config: { auth: 'signed-in' }, schema: { tags: [dept.label.en], summary: '部门下拉' } }, async (req) =>
    ok(
      (await select(req, dept, 'dept_id')).map((d) => ({
        id: d.id,
        parentId: d.parentId,
        deptName: d.deptName,
        fullName: d.fullName,
        tenantId: d.tenantId,
      })),
    ),
  );
  app.get(`${role.api}/select`, { config: { auth: 'signed-in' }, schema: { tags: [role.label.en], summary: '角色下拉' } }, async (req) =>
    ok(
      (await select(req, role, 'role_id')).map((x) => ({
        id: x.id,
        parentId: x.parentId,
        roleName: x.roleName,
        roleAlias: x.roleAlias,
        tenantId: x.tenantId,
      })),
    ),
  );
  app.get(`${post.api}/select`, { config: { auth: 'signed-in' }, schema: { tags: [post.label.en], summary: '岗位下拉' } }, async (req) =>
    ok(
      (await select(req, post, 'post_id')).map((x) => ({
        id: x.id,
        category: x.category,
        postCode: x.postCode,
        postName: x.postName,
        sort: x.sort,
        tenantId: x.tenantId,
      })),
    ),
  );
}
