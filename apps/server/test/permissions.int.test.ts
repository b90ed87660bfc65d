import type { Resource } from '@civdesk/meta';
import { registry, resourceByName } from '@civdesk/resources';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from '../src/crud/data-scope.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { buildWorld, type Caller, type Tenant } from './helpers/permission-world.ts';
import { sampleBody } from './helpers/samples.ts';
import { walksHere } from './helpers/walks.ts';

// For every route the app registers (read from its route table, so a new route is covered the
// moment it exists): replay it as the administrator, a department-scoped and a self-scoped user of
// two tenants, with ids, filters and parents that belong to the other tenant or lie outside the
// caller's data scope. Nothing of those rows may be answered, counted or changed.
let t: TestApp;
let tenants: [Tenant, Tenant];
let callers: Caller[];
const run = Date.now().toString(36).slice(-6);

/** Parameters that carry ids (or a tenant) in the family's calls, and which rows they name. */
const idParams: Record<string, string[] | 'route'> = {
  id: 'route',
  ids: 'route',
  parentId: 'route',
  userId: ['user'],
  userIds: ['user'],
  createUser: ['user'],
  roleId: ['role'],
  roleIds: ['role'],
  deptId: ['dept'],
  createDept: ['dept'],
  topMenuId: ['top-menu'],
  topMenuIds: ['top-menu'],
};

/** The resource a route belongs to: the longest API path it starts with. */
function resourceOf(url: string): Resource | undefined {
  return [...registry].sort((a, b) => b.api.length - a.api.length).find((r) => url.startsWith(`${r.api}/`));
}

type Probe = { opts: InjectOptions; listed: boolean; what: string };

async function probesFor(route: { method: string; url: string }, c: Caller, user: TestUser): Promise<Probe[]> {
  const r = resourceOf(route.url);
  const other = tenants.find((x) => x !== c.tenant) as Tenant;
  const allTargets = [...c.targets.values()].map((ids) => ids[0]);
  const listed = /\/(page|list)$/.test(route.url);
  const out: Probe[] = [];
  const add = (query: Record<string, string>, payload?: unknown, what = JSON.stringify(query)) => {
    const q = listed ? { ...query, size: '1000' } : query;
    out.push({
      listed,
      what,
      opts: {
        method: route.method as InjectOptions['method'],
        url: route.url,
        query: q,
        headers: { 'blade-auth': `bearer ${user.token}` },
        ...(route.method === 'POST' ? { payload: (payload ?? query) as object } : {}),
      },
    });
  };
  add({});
  for (const [param, names] of Object.entries(idParams)) {
    const ids = names === 'route' ? (r && c.targets.get(r.name)) || allTargets : names.flatMap((n) => c.targets.get(n) ?? []);
    if (!ids.length) continue;
    // Lists get every target at once; a single id the other tenant's first and the caller's own tenant's last.
    for (const v of param.endsWith('s') ? [ids.join(',')] : new Set([ids[0], ids[ids.length - 1]])) add({ [param]: v });
  }
  add({ tenantId: other.code });
  if (route.method === 'POST' && route.url.endsWith('/submit') && r) {
    const sample = await sampleBody(t, user, r);
    for (const id of r && c.targets.get(r.name) ? (c.targets.get(r.name) as string[]) : []) {
      const hijack: Record<string, unknown> = { id };
      for (const [k, f] of Object.entries(r.fields)) if (f.type === 'string' && !f.unique && !f.example) hijack[k] = '越权修改';
      add({}, hijack, `submit id=${id}`);
      if (r.tree) add({}, { ...sample, parentId: id }, `submit parentId=${id}`);
      for (const [k, f] of Object.entries(r.fields)) {
        if ((f.type === 'ref' || f.type === 'multiRef') && f.ref) {
          const targets = c.targets.get(f.ref.resource);
          if (targets?.length) add({}, { ...sample, [k]: targets[0] }, `submit ${k}=${targets[0]}`);
        }
      }
    }
  }
  return out;
}

/** Every marked row, the grants and top-menu settings of both tenants, as text. */
async function snapshot(): Promise<string[]> {
  const out: string[] = [];
  for (const tn of tenants) {
    for (const owned of [tn.colleague, tn.outsider]) {
      for (const [name, ids] of owned) {
        const table = (resourceByName.get(name) as Resource).table;
        const rows = await t.db.query<{ j: string }>(
          `select row_to_json(x)::text as j from ${table} x where id = any($1::bigint[]) order by id`,
          [ids],
        );
        out.push(...rows.map((row) => row.j));
      }
    }
    const grants = await t.db.query<{ j: string }>(
      `select concat_ws(':', 'menu', rm.role_id, rm.menu_id) as j from blade_role_menu rm join blade_role r on r.id = rm.role_id where r.tenant_id = $1
       union all select concat_ws(':', 'scope', rs.role_id, rs.scope_category, rs.scope_id) from blade_role_scope rs join blade_role r on r.id = rs.role_id where r.tenant_id = $1
       union all select concat_ws(':', 'top', s.top_menu_id, s.menu_id) from blade_top_menu_setting s join blade_top_menu m on m.id = s.top_menu_id where m.tenant_id = $1
       order by 1`,
      [tn.code],
    );
    out.push(...grants.map((g) => g.j));
  }
  return out;
}

beforeAll(async () => {
  if (!walksHere) return;
  t = await buildTestApp();
  ({ tenants, callers } = await buildWorld(t, run));
}, 240_000);
afterAll(() => t?.close());

describe.skipIf(!walksHere)('permissions, generated from the route table', () => {
  it('the world is what the suite assumes: each caller sees some rows, and the markers are where they should be', async () => {
    const [a] = tenants;
    const page = async (u: TestUser) =>
      JSON.stringify((await t.call(u, { method: 'GET', url: '/api/blade-system/post/page?size=1000' })).body);
    expect(await page(a.admin)).toContain('¤cA');
    expect(await page(a.admin)).toContain('¤oA');
    expect(await page(a.dept)).toContain('¤cA');
    expect(await page(a.self)).not.toContain('¤cA');
    expect(t.app.routeGuards.length).toBeGreaterThan(100);
  });

  it('no caller reads, counts or changes rows of the other tenant or outside its data scope, on any route', async () => {
    const before = await snapshot();
    const routes = t.app.routeGuards;
    const failures: string[] = [];
    let sent = 0;
    await Promise.all(
      callers.map(async (c) => {
        for (const route of routes) {
          // A fresh session per route: a probe of logout or a password call may end the previous one.
          const user = await t.as(c.user.account, c.tenant.code);
          for (const probe of await probesFor(route, c, user)) {
            sent++;
            const res = await t.app.inject(probe.opts);
            const where = `${c.name}: ${route.method} ${route.url} ${probe.what}`;
            if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            const leaked = c.forbidden.filter((m) => res.body.includes(m));
            if (leaked.length) failures.push(`${where} → leaked ${leaked.join(',')}: ${res.body.slice(0, 300)}`);
            if (probe.listed && res.statusCode === 200) {
              const data = JSON.parse(res.body).data;
              if (data && Array.isArray(data.records) && data.total <= 1000 && data.total !== data.records.length) {
                failures.push(`${where} → counted ${data.total} rows but answered ${data.records.length}`);
              }
            }
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * callers.length * 10);
    expect(await snapshot()).toEqual(before);
  }, 1_200_000);

  it('no route answers 500 to hostile parameters or bodies', async () => {
    const nasty = ["'", '-1', '0', '9'.repeat(30), 'a,b', '1,,2', '\u0000', '💥', '%_\\', 'x'.repeat(5000), PLACEHOLDERS.userId];
    const names = [
      'id',
      'ids',
      'parentId',
      'userId',
      'userIds',
      'roleIds',
      'menuIds',
      'dataScopeIds',
      'apiScopeIds',
      'topMenuId',
      'topMenuIds',
      'tenantId',
      'deptId',
      'code',
      'grant_type',
      'username',
      'password',
      'refresh_token',
      'oldPassword',
      'newPassword',
      'newPassword1',
      'account',
      'name',
      'auditReason',
      'current',
      'size',
      'descs',
    ];
    const platform = await t.as('admin', '000000');
    const failures: string[] = [];
    for (const user of [platform, tenants[0].admin]) {
      for (const route of t.app.routeGuards) {
        const token = route.url.endsWith('/logout') ? (await t.as(user.account, user.tenantId)).token : user.token;
        for (const v of nasty) {
          const all = Object.fromEntries(names.map((k) => [k, v]));
          const bodies: unknown[] =
            route.method === 'POST' ? [all, [all], { ...all, roleIds: [v, { v }], menuIds: [[v]] }, 'x'] : [undefined];
          for (const payload of bodies) {
            const res = await t.app.inject({
              method: route.method as InjectOptions['method'],
              url: route.url,
              query: all,
              headers: {
                'blade-auth': `bearer ${token}`,
                'tenant-id': v.slice(0, 100),
                'dept-id': v.slice(0, 100),
                'captcha-key': v.slice(0, 100),
              },
              ...(payload === undefined ? {} : { payload: payload as object }),
            });
            if (res.statusCode >= 500)
              failures.push(`${route.method} ${route.url} ${JSON.stringify(v).slice(0, 20)} → ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 1_200_000);
});
