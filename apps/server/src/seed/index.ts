import { randomBytes } from 'node:crypto';
import type { Db, Queryable, Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { client, dept, dict, param, role, tenant, user } from '@civdesk/resources';
import { insert } from '../crud/repository.ts';
import type { Scope } from '../crud/scope.ts';
import { hashPassword, md5hex } from '../modules/auth/passwords.ts';
import { type Caller, PLATFORM_TENANT } from '../modules/auth/tokens.ts';
import { dictionaries } from './dictionaries.ts';
import { seedRegions } from './regions.ts';

export const DEMO_TENANT = '100001';

const scopeFor = (tenantId: string, userId = '0', deptId = '0'): Scope => ({
  tz: 'UTC',
  caller: { userId, tenantId, deptId, deptIds: [deptId], roleIds: [], roleAliases: [], account: 'seed', userName: 'seed', clientId: '' } satisfies Caller,
});

const put = (db: Queryable, r: Resource, s: Scope, v: Record<string, unknown>): Promise<Row> => insert(db, r, s, v);

type SeedOptions = { demo: boolean; towns: boolean; log?: (msg: string) => void };

/** Seeds a fresh database once: it does nothing when a tenant already exists. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from blade_tenant');
  if (n > 0) return false;
  await db.tx(async (t) => {
    const platform = scopeFor(PLATFORM_TENANT);
    await put(t, tenant, platform, { tenantCode: PLATFORM_TENANT, tenantName: '管理组', linkman: '平台管理员', accountNumber: -1 });
    await put(t, client, platform, {
      clientId: 'saber',
      clientSecret: randomBytes(18).toString('base64url'),
      authorizedGrantTypes: 'refresh_token,password,captcha',
      scope: 'all',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    for (const [paramKey, paramName, paramValue] of [
      ['account.initPassword', '账号初始密码', '123456'],
      ['account.failCount', '登录失败锁定次数', '5'],
      ['DW_RELATED_SITE_MCA', '相关网站: 民政部', '民政部{https://www.mca.gov.cn}'],
    ]) {
      await put(t, param, platform, { paramKey, paramName, paramValue });
    }
    for (const [code, d] of Object.entries(dictionaries)) {
      const root = await put(t, dict, platform, { parentId: '0', code, dictKey: '-1', dictValue: d.title, sort: 1, isSealed: 0 });
      let sort = 1;
      for (const [dictKey, dictValue] of d.entries) {
        await put(t, dict, platform, { parentId: root.id, code, dictKey, dictValue, sort: sort++, isSealed: 0 });
      }
    }
    // Production seeds no accounts: the first administrator comes from `npm run cli -- create-admin`.
    const people: [string, string, string, string][] = opts.demo ? [['admin', '管理员', 'administrator', 'admin']] : [];
    const admin = await seedTenantPeople(t, PLATFORM_TENANT, '平台管理部', [['administrator', '超级管理员']], people);
    const count = await seedRegions(t, { towns: opts.towns, userId: admin || '0' });
    opts.log?.(`seeded ${count} regions`);
    if (opts.demo) {
      await put(t, tenant, platform, { tenantCode: DEMO_TENANT, tenantName: '示范区未成年人保护中心', linkman: '张主任', contactNumber: '010-12345678', accountNumber: 100 });
      await seedTenantPeople(
        t,
        DEMO_TENANT,
        '示范区民政局',
        [
          ['admin', '管理员'],
          ['caseworker', '个案工作者'],
          ['auditor', '审核员'],
        ],
        [
          ['admin', '租户管理员', 'admin', 'admin'],
          ['caseworker', '李社工', 'caseworker', 'caseworker'],
          ['auditor', '王审核', 'auditor', 'auditor'],
        ],
      );
    }
  });
  return true;
}

/** One tenant's root department, roles and users; returns the first user's id. */
async function seedTenantPeople(t: Queryable, tenantId: string, deptName: string, roles: [string, string][], users: [string, string, string, string][]) {
  const s = scopeFor(tenantId);
  const root = await put(t, dept, s, { parentId: '0', deptCode: `${tenantId}-01`, deptName, fullName: deptName, areaName: '全国', sort: 1 });
  const roleIds = new Map<string, string>();
  let sort = 1;
  for (const [alias, name] of roles) {
    const r = await put(t, role, s, { parentId: '0', roleName: name, roleAlias: alias, sort: sort++ });
    await t.query('update blade_role set is_system = 1 where id = $1', [r.id]);
    roleIds.set(alias, String(r.id));
  }
  let first = '';
  for (const [account, realName, alias, password] of users) {
    const u = await put(t, user, s, {
      account,
      realName,
      name: realName,
      userType: 1,
      roleId: roleIds.get(alias),
      deptId: root.id,
      postId: null,
      sort: 1,
    });
    // The administrators start on an initial password they must change at first sign-in.
    const flag = account === 'admin' ? 1 : 0;
    await t.query('update blade_user set password = $1, init_password = $3, is_system = $3 where id = $2', [await hashPassword(md5hex(password)), u.id, flag]);
    first ||= String(u.id);
  }
  return first;
}
