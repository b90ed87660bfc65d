import type { Resource } from '@civdesk/meta';
import { dept, registry, role } from '@civdesk/resources';
import { systemCaller } from '../../src/core/caller.ts';
import { SCOPE_DEPT_TREE, SCOPE_OWN } from '../../src/crud/data-scope.ts';
import { insert } from '../../src/crud/repository.ts';
import { grantLike, type TestApp, type TestUser } from './build-app.ts';
import { sampleBody } from './samples.ts';

/**
 * Two tenants, each with: a root department and D1 below it (the callers' department) and D3 beside
 * it; a tenant administrator; a department-scoped and a self-scoped user in D1 (all the
 * administrator's buttons, data scope "own department and children" / "own rows" on every tenant
 * resource); a colleague in D1 and an outsider in D3 who each own one row of every tenant resource.
 *
 * Rows carry markers in their text: `¤c<T>` (a colleague's: out of the self scope) and `¤o<T>` (an
 * outsider's: out of both scopes). A caller must never see a marker of the other tenant, nor the
 * ones its scope excludes.
 */
export type Caller = { name: string; tenant: Tenant; user: TestUser; forbidden: string[]; targets: Map<string, string[]> };
export type Tenant = {
  code: string;
  key: 'A' | 'B';
  depts: Record<'root' | 'D1' | 'D3', string>;
  /** Marked row ids per resource name (users, departments and each tenant resource's rows). */
  colleague: Map<string, string[]>;
  outsider: Map<string, string[]>;
  admin: TestUser;
  dept: TestUser;
  self: TestUser;
};

export const marker = (kind: 'c' | 'o', t: Pick<Tenant, 'key'>) => `¤${kind}${t.key}`;

/** Resources whose rows belong to a tenant and can be written through the engine. */
export const tenantResources = (): Resource[] => registry.filter((r) => r.tenant && r.routes.includes('submit'));

let n = 0;
/** A value for a text field carrying the marker, unique, within its limits. */
function marked(base: unknown, mark: string, max: number | undefined): string {
  const tail = `${(n++).toString(36)}${String(base ?? '').replace(/[^0-9A-Za-z]/g, '')}`;
  return `${mark}${tail}`.slice(0, Math.max(max ?? 64, mark.length + 2));
}

async function newTenant(t: TestApp, code: string, key: 'A' | 'B'): Promise<Tenant> {
  const admin = await t.newTenant(code);
  const [root] = await t.db.query<{ id: string }>('select id::text from blade_dept where tenant_id = $1', [code]);
  const s = (userId = '0', deptId = '0') => ({ tz: 'UTC', caller: systemCaller(code, userId, deptId) });
  const mk = async (name: string, parentId: string) =>
    String((await insert(t.db, dept, s(), { parentId, deptCode: `${code}${name}`, deptName: name, fullName: name, areaName: '全国' })).id);
  const depts = { root: root.id, D1: await mk('D1', root.id), D3: await mk('D3', root.id) };
  const tenant: Tenant = { code, key, depts, colleague: new Map(), outsider: new Map(), admin, dept: admin, self: admin };
  // The root department sits outside D1's subtree: an outsider's for the scoped callers.
  await t.db.query('update blade_dept set dept_name = $2, full_name = $2 where id = $1', [root.id, `${marker('o', tenant)}根`]);
  tenant.outsider.set('dept', [root.id, depts.D3]);

  for (const [alias, type] of [
    ['scopedDept', SCOPE_DEPT_TREE],
    ['scopedSelf', SCOPE_OWN],
  ] as const) {
    const r = await insert(t.db, role, s(), { parentId: '0', roleName: alias, roleAlias: alias, sort: 1 });
    await grantLike(t.db, String(r.id), 'admin');
    await t.db.query(
      `insert into blade_role_scope (id, role_id, scope_id, scope_category)
       select (random() * 9e18)::bigint, $1, d.id, 1 from blade_scope_data d where d.scope_type = $2 and d.is_deleted = 0
          and d.create_user = 0 and d.resource_code = any($3)`,
      [r.id, type, registry.filter((x) => x.tenant).map((x) => x.name)],
    );
    await t.addUser(code, `${alias}${code}`.slice(0, 45), 'Pass-word1', { roleAlias: alias, deptId: depts.D1 });
  }
  tenant.dept = await t.as(`scopedDept${code}`, code);
  tenant.self = await t.as(`scopedSelf${code}`, code);

  for (const [kind, deptId] of [
    ['c', depts.D1],
    ['o', depts.D3],
  ] as const) {
    const mark = marker(kind, tenant);
    const account = `${kind}${code}`.toLowerCase();
    const userId = await t.addUser(code, account, 'Pass-word1', { roleAlias: 'admin', deptId });
    await t.db.query('update blade_user set real_name = $2, name = $2 where id = $1', [userId, `${mark}某`]);
    const owned = kind === 'c' ? tenant.colleague : tenant.outsider;
    owned.set('user', [userId, ...(owned.get('user') ?? [])]);
    for (const r of tenantResources()) {
      const body = await sampleBody(t, admin, r);
      for (const [k, f] of Object.entries(r.fields)) {
        if ((f.type === 'string' || f.type === 'text') && !f.pattern && f.example === undefined && !f.serverOnly)
          body[k] = marked(body[k], mark, f.max);
      }
      const row = await insert(t.db, r, s(userId, deptId), body);
      owned.set(r.name, [String(row.id), ...(owned.get(r.name) ?? [])]);
    }
  }
  return tenant;
}

/** Builds both tenants and the six callers with what each must never see, and the ids to probe with. */
export async function buildWorld(t: TestApp, run: string): Promise<{ tenants: [Tenant, Tenant]; callers: Caller[] }> {
  const a = await newTenant(t, `PA${run}`, 'A');
  const b = await newTenant(t, `PB${run}`, 'B');
  const callers: Caller[] = [];
  for (const [own, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const foreign = [marker('c', other), marker('o', other)];
    const union = (...maps: Map<string, string[]>[]) => {
      const out = new Map<string, string[]>();
      for (const m of maps) for (const [k, v] of m) out.set(k, [...(out.get(k) ?? []), ...v]);
      return out;
    };
    callers.push(
      { name: `admin of ${own.key}`, tenant: own, user: own.admin, forbidden: foreign, targets: union(other.colleague, other.outsider) },
      {
        name: `department-scoped user of ${own.key}`,
        tenant: own,
        user: own.dept,
        forbidden: [...foreign, marker('o', own)],
        targets: union(other.colleague, other.outsider, own.outsider),
      },
      {
        name: `self-scoped user of ${own.key}`,
        tenant: own,
        user: own.self,
        forbidden: [...foreign, marker('o', own), marker('c', own)],
        targets: union(other.colleague, other.outsider, own.outsider, own.colleague),
      },
    );
  }
  return { tenants: [a, b], callers };
}
