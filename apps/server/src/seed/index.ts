import { randomBytes } from 'node:crypto';
import type { Db, Queryable, Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { client, dept, domainSys, post, role, tenant, user } from '@civdesk/resources';
import { PLATFORM_TENANT, type Scope, systemCaller } from '../core/caller.ts';
import { insert } from '../crud/repository.ts';
import { hashPassword, md5hex } from '../modules/auth/passwords.ts';
import { seedApprovePeople } from './approve/index.ts';
import { seedDevelopDemo } from './develop.ts';
import { seedHolidays } from './holidays.ts';
import { seedMatterButtons } from './matter/buttons.ts';
import { seedMatterCatalogue } from './matter/catalogue.ts';
import { seedMatterFlow } from './matter/flow.ts';
import { seedMatterForms } from './matter/forms.ts';
import { seedMatterMaterials } from './matter/materials.ts';
import { grantRole, roleDataScopes, roleMenus, type SeededMenus, seedMenus, seedTopMenu, syncMenus } from './permissions.ts';
import { seedCustomQueries } from './query/index.ts';
import { syncDictionaries, syncDictTypes, syncParams } from './reference.ts';
import { seedRegions } from './regions.ts';
import { seedLeaveProcess } from './workflow.ts';

export const DEMO_TENANT = '100001';

const scopeFor = (tenantId: string, userId = '0', deptId = '0'): Scope => ({ tz: 'UTC', caller: systemCaller(tenantId, userId, deptId) });

const put = (db: Queryable, r: Resource, s: Scope, v: Record<string, unknown>): Promise<Row> => insert(db, r, s, v);

/**
 * `passwordGrant`: the web client may also sign in with grant `password` (captcha mode off); with
 * captcha mode on it is seeded with `captcha` only, so the captcha cannot be skipped.
 */
type SeedOptions = { demo: boolean; towns: boolean; passwordGrant?: boolean; log?: (msg: string) => void };

/**
 * Seeds a fresh database once. On every later start (a tenant exists) it only adds what this
 * version declares and the database lacks: menus and buttons, parameters, dictionaries.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from blade_tenant');
  if (n > 0) {
    await db.tx((t) => syncDeclared(t, opts));
    return false;
  }
  await db.tx(async (t) => {
    const platform = scopeFor(PLATFORM_TENANT);
    await put(t, tenant, platform, { tenantId: PLATFORM_TENANT, tenantName: '管理组', linkman: '平台管理员', accountNumber: -1 });
    await put(t, client, platform, {
      clientId: 'saber',
      clientSecret: randomBytes(18).toString('base64url'),
      authorizedGrantTypes: opts.passwordGrant ? 'refresh_token,password,captcha,sms_code' : 'refresh_token,captcha,sms_code',
      scope: 'all',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    await syncParams(t, platform);
    await syncDictionaries(t, platform);
    const menus = await seedMenus(t, platform);
    // Production seeds no accounts: the first administrator comes from `npm run cli -- create-admin`.
    const people: Person[] = opts.demo ? [['admin', '管理员', 'administrator', 'admin']] : [];
    const admin = await seedTenantPeople(t, PLATFORM_TENANT, '平台管理部', [['administrator', '超级管理员']], people, menus);
    const count = await seedRegions(t, { towns: opts.towns, userId: admin || '0' });
    opts.log?.(`seeded ${count} regions`);
    const years = await seedHolidays(t, admin || '0');
    opts.log?.(`seeded the holiday schedules of ${years} years`);
    await syncDictTypes(t, admin || '0');
    // The platform's sub-systems, for the domain-system screens (menus are assigned by administrators).
    let sort = 1;
    for (const [sysCode, sysName] of [
      ['system', '系统管理'],
      ['minor', '未成年人保护'],
      ['matter', '事项审批'],
      ['charity', '慈善与共享'],
    ]) {
      await put(t, domainSys, platform, { sysCode, sysName, sort: sort++ });
    }
    if (opts.demo) {
      await put(t, tenant, platform, {
        tenantId: DEMO_TENANT,
        tenantName: '示范区未成年人保护中心',
        linkman: '张主任',
        contactNumber: '010-12345678',
        accountNumber: 100,
      });
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
        menus,
      );
      // The demo tenant's posts (post_category: 1 senior, 2 middle, 3 front line).
      let postSort = 1;
      for (const [postCode, postName, category] of [
        ['director', '中心主任', 1],
        ['supervisor', '督导专员', 2],
        ['caseworker', '个案社工', 3],
      ] as const) {
        await put(t, post, scopeFor(DEMO_TENANT), { category, postCode, postName, sort: postSort++ });
      }
      await seedLeaveProcess(t, [PLATFORM_TENANT, DEMO_TENANT]);
      await seedMatterCatalogue(t, scopeFor(DEMO_TENANT));
      await seedMatterMaterials(t, scopeFor(DEMO_TENANT));
      await seedMatterForms(t, scopeFor(DEMO_TENANT));
      await seedMatterFlow(t, scopeFor(DEMO_TENANT));
      await seedMatterButtons(t, scopeFor(DEMO_TENANT));
      await seedApprovePeople(t, scopeFor(DEMO_TENANT), menus);
      await seedCustomQueries(t, scopeFor(DEMO_TENANT));
      await seedDevelopDemo(t, platform);
    }
  });
  return true;
}

/** An upgraded database: what the declarations have and it lacks, added as on a fresh install. */
async function syncDeclared(t: Queryable, opts: SeedOptions) {
  // Several copies starting together: one adds, the others then find everything there.
  await t.query('select pg_advisory_xact_lock(20260003)');
  const platform = scopeFor(PLATFORM_TENANT);
  const report = (count: number, what: string) => {
    if (count) opts.log?.(`added ${count} ${what} of this version`);
  };
  report(await syncMenus(t, platform), 'menus and buttons');
  report(await syncParams(t, platform), 'parameters');
  report(await syncDictionaries(t, platform), 'dictionary rows');
  report(await syncDictTypes(t, '0'), 'dictionary-type rows');
}

type Person = [account: string, realName: string, roleAlias: string, password: string];

/**
 * One tenant's root department, roles (with their grants and the tenant's top menu) and users;
 * returns the first user's id. Only the platform's `admin` starts on an initial password it must
 * change at first sign-in.
 */
async function seedTenantPeople(
  t: Queryable,
  tenantId: string,
  deptName: string,
  roles: [string, string][],
  users: Person[],
  menus: SeededMenus,
) {
  const s = scopeFor(tenantId);
  const root = await put(t, dept, s, {
    parentId: '0',
    deptCode: `${tenantId}-01`,
    deptName,
    fullName: deptName,
    areaName: '全国',
    sort: 1,
  });
  const roleIds = new Map<string, string>();
  const granted = new Map<string, string[]>();
  let sort = 1;
  for (const [alias, name] of roles) {
    const r = await put(t, role, s, { parentId: '0', roleName: name, roleAlias: alias, sort: sort++ });
    await t.query('update blade_role set is_system = 1 where id = $1', [r.id]);
    roleIds.set(alias, String(r.id));
    if (alias === 'admin' || alias === 'caseworker' || alias === 'auditor') {
      granted.set(String(r.id), roleMenus(menus, alias));
      await grantRole(t, String(r.id), roleMenus(menus, alias), roleDataScopes(menus, alias));
    }
  }
  await seedTopMenu(
    t,
    s,
    menus,
    [...roleIds.values()].map((id) => ({ id, menus: granted.get(id) })),
  );
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
    const initial = tenantId === PLATFORM_TENANT && account === 'admin' ? 1 : 0;
    await t.query('update blade_user set password = $1, init_password = $3, is_system = $4 where id = $2', [
      await hashPassword(md5hex(password)),
      u.id,
      initial,
      account === 'admin' ? 1 : 0,
    ]);
    first ||= String(u.id);
  }
  return first;
}
