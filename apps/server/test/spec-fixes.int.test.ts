import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { multipart } from './helpers/workflow.ts';

// Calls that answered differently from specs 000/001: each at the spec's path and parameters.
let t: TestApp;
let platform: TestUser;
let tenantA: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantA = await t.as('admin', '100001');
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });

describe('tenants by tenantId', () => {
  it('creates a tenant from tenantId and filters the list by it', async () => {
    const made = await post(platform, '/api/blade-system/tenant/submit', { tenantId: '200001', tenantName: '规范租户', linkman: '张三' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const listed = await get(platform, '/api/blade-system/tenant/list?tenantId=100001');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const rows = (listed.body.data.records ?? listed.body.data) as { tenantId: string }[];
    expect(rows.map((r) => r.tenantId)).toEqual(['100001']);
    const detail = await get(platform, `/api/blade-system/tenant/detail?id=${made.body.data.id}`);
    expect(detail.body.data).toMatchObject({ tenantId: '200001', tenantName: '规范租户' });
    // The new tenant's administrator exists at once (the tenant hook read the id).
    const [admin] = await t.db.query<{ n: number }>(
      "select count(*)::int n from blade_user where tenant_id = '200001' and account = 'admin'",
    );
    expect(admin.n).toBe(1);
  });

  it('refuses a tenant without tenantId (the old tenantCode is not read)', async () => {
    const r = await post(platform, '/api/blade-system/tenant/submit', { tenantCode: '200002', tenantName: '旧名', linkman: '李四' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('租户ID');
    const [n] = await t.db.query<{ n: number }>("select count(*)::int n from blade_tenant where tenant_id = '200002'");
    expect(n.n).toBe(0);
  });
});

describe('required fields of the spec', () => {
  const menuBody = {
    name: '规范菜单',
    code: 'spec-fix-menu',
    alias: 'spec',
    sort: 1,
    category: 1,
    path: '/spec/fix',
    source: 'AppstoreOutlined',
  };

  it('menu: route path and icon', async () => {
    const { path: _p, ...noPath } = menuBody;
    const a = await post(platform, '/api/blade-system/menu/submit', noPath);
    expect([a.status, a.body.msg]).toEqual([400, expect.stringContaining('请输入路由地址')]);
    const { source: _s, ...noIcon } = menuBody;
    const b = await post(platform, '/api/blade-system/menu/submit', noIcon);
    expect([b.status, b.body.msg]).toEqual([400, expect.stringContaining('请输入菜单图标')]);
    const [n] = await t.db.query<{ n: number }>("select count(*)::int n from blade_menu where code = 'spec-fix-menu'");
    expect(n.n).toBe(0);
    expect((await post(platform, '/api/blade-system/menu/submit', menuBody)).status).toBe(200);
  });

  it('top menu: icon', async () => {
    const r = await post(tenantA, '/api/blade-system/topmenu/submit', { name: '规范顶部', code: 'spec-top', sort: 1 });
    expect([r.status, r.body.msg]).toEqual([400, expect.stringContaining('请输入顶部菜单图标')]);
    const ok = await post(tenantA, '/api/blade-system/topmenu/submit', {
      name: '规范顶部',
      code: 'spec-top',
      sort: 1,
      source: 'HomeOutlined',
    });
    expect(ok.status).toBe(200);
  });

  it('data scope: column and class', async () => {
    const [m] = await t.db.query<{ id: string }>("select id::text from blade_menu where code = 'post' and is_deleted = 0");
    const body = {
      menuId: m.id,
      resourceCode: 'post',
      scopeName: '规范数据权限',
      scopeType: 2,
      scopeColumn: 'create_user',
      scopeClass: 'post.page',
    };
    const { scopeColumn: _c, ...noColumn } = body;
    const a = await post(platform, '/api/blade-system/data-scope/submit', noColumn);
    expect([a.status, a.body.msg]).toEqual([400, expect.stringContaining('请输入权限字段名')]);
    const { scopeClass: _k, ...noClass } = body;
    const b = await post(platform, '/api/blade-system/data-scope/submit', noClass);
    expect([b.status, b.body.msg]).toEqual([400, expect.stringContaining('请输入权限类名')]);
    expect((await post(platform, '/api/blade-system/data-scope/submit', body)).status).toBe(200);
  });
});

describe("the sidebar's role restriction", () => {
  type Node = { code: string; roles?: string | null; children?: Node[] };
  const find = (nodes: Node[], code: string): Node | undefined => {
    for (const n of nodes) {
      const hit = n.code === code ? n : find(n.children ?? [], code);
      if (hit) return hit;
    }
  };

  it('is set in the menu form (role aliases) and sent with the routes', async () => {
    const [m] = await t.db.query<{ id: string }>("select id::text from blade_menu where code = 'post' and is_deleted = 0");
    const detail = await get(platform, `/api/blade-system/menu/detail?id=${m.id}`);
    expect(detail.body.data.roles ?? null).toBeNull();
    const saved = await post(platform, '/api/blade-system/menu/submit', { ...detail.body.data, roles: 'administrator,leader' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const routes = await get(tenantA, '/api/blade-system/menu/routes');
    expect(find(routes.body.data, 'post')).toMatchObject({ roles: 'administrator,leader' });

    const bad = await post(platform, '/api/blade-system/menu/submit', { ...detail.body.data, roles: 'leader; drop' });
    expect([bad.status, bad.body.msg]).toEqual([400, expect.stringContaining('可见角色为以英文逗号分隔的角色别名')]);
    const [kept] = await t.db.query<{ roles: string }>('select roles from blade_menu where id = $1', [m.id]);
    expect(kept.roles).toBe('administrator,leader');

    const cleared = await post(platform, '/api/blade-system/menu/submit', { ...detail.body.data, roles: '' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(find((await get(tenantA, '/api/blade-system/menu/routes')).body.data, 'post')?.roles ?? null).toBeNull();
  });
});

describe('bmDomainSysMenu/assignMenu', () => {
  it("takes the spec's roleIds (the domain systems) and menuIds", async () => {
    const sys = await post(platform, '/api/dw-system/bmDomainSys/submit', { sysName: '规范系统', sysCode: 'spec-sys', sort: '8' });
    expect(sys.status, JSON.stringify(sys.body)).toBe(200);
    const menus = await t.db.query<{ id: string }>(
      'select id::text from blade_menu where category = 1 and is_deleted = 0 order by sort limit 2',
    );
    const ids = menus.map((m) => m.id);
    const r = await post(platform, '/api/blade-system/bmDomainSysMenu/assignMenu', { roleIds: sys.body.data.id, menuIds: ids.join(',') });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const held = await get(platform, `/api/blade-system/bmDomainSysMenu/getSysAssignedMenu?sysId=${sys.body.data.id}`);
    expect([...held.body.data].sort()).toEqual([...ids].sort());
    const none = await post(platform, '/api/blade-system/bmDomainSysMenu/assignMenu', { menuIds: ids.join(',') });
    expect([none.status, none.body.msg]).toEqual([400, '请选择域系统']);
  });
});

describe('notice/page releaseTimeRange', () => {
  it('keeps the notices released within the range, both ends inclusive', async () => {
    for (const [title, releaseTime] of [
      ['范围前', '2026-11-19 10:00:00'],
      ['范围内', '2026-11-21 10:00:00'],
      ['范围末日', '2026-11-22 18:00:00'],
      ['范围后', '2026-11-23 10:00:00'],
    ]) {
      expect((await post(tenantA, '/api/blade-desk/notice/submit', { title, category: 1, releaseTime })).status).toBe(200);
    }
    const r = await get(tenantA, '/api/blade-desk/notice/page?current=1&size=10&title=范围&releaseTimeRange=2026-11-20,2026-11-22');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.data.records as { title: string }[]).map((x) => x.title).sort()).toEqual(['范围内', '范围末日'].sort());
    expect((await get(tenantA, '/api/blade-desk/notice/page?releaseTimeRange=tomorrow')).status).toBe(400);
  });
});

describe('assistant/ask as a multipart form', () => {
  it('answers `-F query=修改密码` as it answers the JSON post', async () => {
    const { payload: body, headers } = multipart({ query: '修改密码' }, []);
    const r = await t.call(tenantA, { method: 'POST', url: '/api/dw-widgets/assistant/ask', payload: body, headers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ command: 'update_passwd' });
    const json = await post(tenantA, '/api/dw-widgets/assistant/ask', { query: '修改密码' });
    expect(json.body.data).toEqual(r.body.data);
    const empty = multipart({ other: 'x' }, []);
    const none = await t.call(tenantA, {
      method: 'POST',
      url: '/api/dw-widgets/assistant/ask',
      payload: empty.payload,
      headers: empty.headers,
    });
    expect([none.status, none.body.msg]).toEqual([400, '请输入您的问题或需求！']);
  });
});

describe('the Basic client header outside the token endpoint (docs/security.md)', () => {
  const bogus = { authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}` };

  it('is not read: the token decides, with any Basic header or none', async () => {
    for (const headers of [bogus, { authorization: 'Basic !!!' }, {}]) {
      const r = await t.call(tenantA, { method: 'GET', url: '/api/blade-user/info', headers });
      expect(r.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('grants nothing without a token, and the token endpoint still refuses a wrong client', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/blade-user/info', headers: { authorization: await t.basic() } })).status).toBe(
      401,
    );
    const token = await t.call(null, {
      method: 'POST',
      url: '/api/blade-auth/oauth/token?grant_type=password&username=admin&password=21232f297a57a5a743894a0e4a801fc3&tenantId=100001',
      headers: { ...bogus, 'tenant-id': '100001' },
    });
    expect(token.status).toBe(401);
    expect(token.body.access_token).toBeUndefined();
  });
});
