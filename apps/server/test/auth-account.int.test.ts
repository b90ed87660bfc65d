import { dept } from '@civdesk/resources';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { systemCaller } from '../src/core/caller.ts';
import { insert } from '../src/crud/repository.ts';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { registerAuth } from '../src/plugins/auth.ts';
import { buildTestApp, type TestApp, type TestUser, testConfig } from './helpers/build-app.ts';

// Passwords, registration and its audit, department/role switch, and the calls the shell makes.
let t: TestApp;
let basic: string;
let platform: TestUser;
let tenantAdmin: TestUser;
let caseworker: TestUser;
const run = Date.now().toString(36).slice(-6);
let ipSeq = 0;
const nextIp = () => `10.55.${(ipSeq >> 8) & 255}.${(ipSeq++ & 255) + 1}`;

const signIn = (username: string, plain: string, tenantId = '100001', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { grant_type: 'password', username, password: md5hex(plain), scope: 'all' },
    headers: { authorization: basic, 'tenant-id': tenantId, ...headers },
    remoteAddress: nextIp(),
  });
const asToken = (token: string): TestUser => ({ token, refreshToken: '', userId: '', tenantId: '', account: '' });
const post = (u: TestUser | null, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
const get = (u: TestUser | null, url: string) => t.call(u, { method: 'GET', url });

beforeAll(async () => {
  t = await buildTestApp();
  basic = await t.basic();
  platform = await t.as('admin', '000000');
  tenantAdmin = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
});
afterAll(() => t?.close());

describe('passwords', () => {
  it('changes one’s own password with the family messages, clearing the initial flag', async () => {
    const account = `pw${run}`;
    const id = await t.addUser('100001', account, 'First-pass1');
    await t.db.query('update blade_user set init_password = 1 where id = $1', [id]);
    const me = asToken((await signIn(account, 'First-pass1')).json().access_token);
    const url = (o: string, n: string, n1 = n) =>
      `/api/blade-user/update-password?oldPassword=${md5hex(o)}&newPassword=${md5hex(n)}&newPassword1=${md5hex(n1)}`;
    expect((await post(me, url('First-pass1', 'Next-pass1', 'Other-pass1'))).body.msg).toBe('请输入正确的确认密码!');
    expect((await post(me, url('wrong', 'Next-pass1'))).body.msg).toBe('原密码不正确!');
    expect((await post(me, url('First-pass1', 'First-pass1'))).body.msg).toBe('新密码不能与原密码相同');
    expect((await post(me, '/api/blade-user/update-password?oldPassword=plain&newPassword=x&newPassword1=x')).status).toBe(400);
    const ok = await post(me, url('First-pass1', 'Next-pass1'));
    expect(ok.status).toBe(200);
    expect(ok.body.data.init_password).toBe(false);
    const [u] = await t.db.query<{ init: number; changed: boolean }>(
      'select init_password init, last_uppasswd_time is not null changed from blade_user where id = $1',
      [id],
    );
    expect(u).toEqual({ init: 0, changed: true });
    expect((await signIn(account, 'First-pass1')).json().error_description).toBe('用户名或密码错误');
    expect((await signIn(account, 'Next-pass1')).statusCode).toBe(200);
  });

  it('an administrator resets to account.initPassword, flagged as initial, ending the user’s sessions', async () => {
    const account = `reset${run}`;
    const id = await t.addUser('100001', account, 'Mine-pass1');
    const before = asToken((await signIn(account, 'Mine-pass1')).json().access_token);
    expect((await post(caseworker, `/api/blade-user/reset-password?userIds=${id}`)).status).toBe(403);
    const foreign = await t.newTenant(`R${run}`.slice(0, 12));
    expect((await post(foreign, `/api/blade-user/reset-password?userIds=${id}`)).status).toBe(404);
    expect((await post(tenantAdmin, `/api/blade-user/reset-password?userIds=${id},abc`)).status).toBe(400);
    const res = await post(tenantAdmin, `/api/blade-user/reset-password?userIds=${id}`);
    expect(res.status).toBe(200);
    expect((await get(before, '/api/blade-user/info')).status).toBe(401);
    const again = (await signIn(account, '123456')).json();
    expect(again.init_password).toBe(true);
    expect((await signIn(account, 'Mine-pass1')).json().error_description).toBe('用户名或密码错误');
  });
});

describe('guest registration and audit', () => {
  const register = (p: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/blade-user/register-guest', query: p, remoteAddress: nextIp() });

  it('checks the fields in the spec’s order', async () => {
    const pw = md5hex('Guest-pass1');
    const cases: [Record<string, string>, string][] = [
      [{ account: 'g', name: '访客', password: pw }, '请先输入租户编号'],
      [{ tenantId: '100001', password: pw }, '请先输入账号名称'],
      [{ tenantId: '100001', account: 'g' }, '请先输入密码'],
      [{ tenantId: '100001', account: 'g', password: pw, password2: md5hex('other') }, '两次密码输入不一致'],
      [{ tenantId: '100001', account: 'g', password: pw, name: ' ' }, '请先输入用户昵称'],
      [{ tenantId: '999999', account: 'g', name: '访客', password: pw }, '租户ID未找到'],
      [{ tenantId: '000000', account: 'g', name: '访客', password: pw }, '该租户未开放注册'],
    ];
    for (const [p, msg] of cases) {
      const res = await register(p);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('answers the same whether the account exists or not, adding no user', async () => {
    const count = async () =>
      (await t.db.query<{ c: number }>("select count(*)::int c from blade_user where tenant_id = '100001' and account = 'admin'"))[0].c;
    const before = await count();
    const taken = await register({ tenantId: '100001', account: 'admin', name: '访客', password: md5hex('Guest-pass1') });
    const fresh = await register({ tenantId: '100001', account: `fresh${run}`, name: '访客', password: md5hex('Guest-pass1') });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(await count()).toBe(before);
  });

  it('opens registration per tenant by a parameter', async () => {
    const set = async (v: string) => {
      await t.db.query("update blade_param set param_value = $1 where param_key = 'account.registerTenants'", [v]);
      t.app.ctx.params.forget();
    };
    try {
      await set('100002');
      const res = await register({ tenantId: '100001', account: `closed${run}`, name: '访客', password: md5hex('Guest-pass1') });
      expect(res.json()).toMatchObject({ code: 400, msg: '该租户未开放注册' });
      await set('100002, 100001');
      expect(
        (await register({ tenantId: '100001', account: `open${run}`, name: '访客', password: md5hex('Guest-pass1') })).statusCode,
      ).toBe(200);
      await set('*');
      expect(
        (await register({ tenantId: '000000', account: `plat${run}`, name: '访客', password: md5hex('Guest-pass1') })).statusCode,
      ).toBe(400);
    } finally {
      await set('*');
    }
  });

  it('creates a pending user who cannot sign in until an administrator passes it', async () => {
    const account = `guest${run}`;
    const res = await register({ tenantId: '100001', name: '访客', account, password: md5hex('Guest-pass1'), oauthId: 'wx-123' });
    expect(res.json()).toMatchObject({ code: 200, msg: '注册申请已提交,请耐心等待管理员通过!' });
    expect((await signIn(account, 'Guest-pass1')).json().error_description).toBe('账号正在审核中，请耐心等待管理员通过！');
    const list = await get(tenantAdmin, `/api/blade-user/b/userAudit/page?account=${account}`);
    expect(list.body.data.records).toEqual([expect.objectContaining({ account, auditStatus: '0', oauthId: 'wx-123' })]);
    const id = list.body.data.records[0].id;
    expect((await get(caseworker, '/api/blade-user/b/userAudit/page')).status).toBe(403);
    const foreign = await t.newTenant(`G${run}`.slice(0, 12));
    expect((await post(foreign, `/api/blade-user/b/userAudit/auditPass?ids=${id}`)).status).toBe(404);
    expect((await get(foreign, '/api/blade-user/b/userAudit/page')).body.data.records).toEqual([]);
    const [role] = await t.db.query<{ id: string }>(
      "select id::text from blade_role where tenant_id = '100001' and role_alias = 'auditor'",
    );
    const [foreignRole] = await t.db.query<{ id: string }>('select id::text from blade_role where tenant_id = $1', [foreign.tenantId]);
    expect((await post(tenantAdmin, `/api/blade-user/b/userAudit/auditPass?ids=${id}&roleIds=${foreignRole.id}`)).status).toBe(400);
    const pass = await post(tenantAdmin, `/api/blade-user/b/userAudit/auditPass?ids=${id}&roleIds=${role.id}`);
    expect(pass.status).toBe(200);
    expect((await signIn(account, 'Guest-pass1')).json().role_name).toBe('auditor');
    expect((await post(tenantAdmin, `/api/blade-user/b/userAudit/auditReject?ids=${id}`)).body.msg).toBe('只能审核待审核的注册申请');
  });

  it('a rejected registration keeps its reason and cannot sign in', async () => {
    const account = `reject${run}`;
    await register({ tenantId: '100001', name: '访客乙', account, password: md5hex('Guest-pass1') });
    const [u] = await t.db.query<{ id: string }>("select id::text from blade_user where account = $1 and tenant_id = '100001'", [account]);
    const res = await post(
      tenantAdmin,
      `/api/blade-user/b/userAudit/auditReject?ids=${u.id}&auditReason=${encodeURIComponent('信息不全')}`,
    );
    expect(res.status).toBe(200);
    const list = await get(tenantAdmin, `/api/blade-user/b/userAudit/page?account=${account}`);
    expect(list.body.data.records[0]).toMatchObject({ auditStatus: '2', auditReason: '信息不全' });
    expect((await signIn(account, 'Guest-pass1')).json().error_description).toBe('账号注册申请未通过，请联系管理员');
  });
});

describe('department and role switch (switch mode)', () => {
  it('signs in with a chosen department and role, keeps them on refresh, and refuses ones the user lacks', async () => {
    const sw = await buildApp({ db: t.db, config: testConfig({ switchMode: true }) });
    try {
      const [d1] = await t.db.query<{ id: string }>(
        "select id::text from blade_dept where tenant_id = '100001' order by create_time limit 1",
      );
      const s = { tz: 'UTC', caller: systemCaller('100001') };
      const d2 = await insert(t.db, dept, s, {
        parentId: d1.id,
        deptCode: `sw${run}`,
        deptName: '第二部门',
        fullName: '第二部门',
        areaName: '全国',
      });
      const roles = await t.db.query<{ id: string; alias: string }>(
        "select id::text, role_alias alias from blade_role where tenant_id = '100001' and role_alias in ('caseworker', 'auditor') order by role_alias",
      );
      const account = `switch${run}`;
      const id = await t.addUser('100001', account, 'Switch-pass1');
      await t.db.query('update blade_user set dept_id = $2, role_id = $3 where id = $1', [
        id,
        `${d1.id},${d2.id}`,
        roles.map((r) => r.id).join(','),
      ]);
      const auditorRole = roles.find((r) => r.alias === 'auditor')?.id as string;
      const caseworkerRole = roles.find((r) => r.alias === 'caseworker')?.id as string;
      const grant = (q: Record<string, string>, headers: Record<string, string>) =>
        sw.inject({
          method: 'POST',
          url: '/api/blade-auth/oauth/token',
          query: q,
          headers: { authorization: basic, 'tenant-id': '100001', ...headers },
          remoteAddress: nextIp(),
        });
      const first = (
        await grant(
          { grant_type: 'password', username: account, password: md5hex('Switch-pass1') },
          { 'dept-id': String(d2.id), 'role-id': auditorRole },
        )
      ).json();
      expect(first).toMatchObject({ dept_id: String(d2.id), role_id: auditorRole, role_name: 'auditor' });
      const kept = (await grant({ grant_type: 'refresh_token', refresh_token: first.refresh_token }, {})).json();
      expect(kept).toMatchObject({ dept_id: String(d2.id), role_id: auditorRole });
      const switched = (
        await grant({ grant_type: 'refresh_token', refresh_token: kept.refresh_token }, { 'role-id': caseworkerRole, 'dept-id': d1.id })
      ).json();
      expect(switched).toMatchObject({ dept_id: d1.id, role_id: caseworkerRole, role_name: 'caseworker' });
      const [adminRole] = await t.db.query<{ id: string }>(
        "select id::text from blade_role where tenant_id = '100001' and role_alias = 'admin'",
      );
      const refused = await grant(
        { grant_type: 'password', username: account, password: md5hex('Switch-pass1') },
        { 'role-id': adminRole.id },
      );
      expect(refused.json().error_description).toBe('未获得用户的角色信息');
      const me = { 'blade-auth': `bearer ${switched.access_token}` };
      const depts = (await sw.inject({ method: 'GET', url: `/api/blade-system/dept/select?userId=${id}`, headers: me })).json().data;
      expect(depts.map((d: { id: string }) => d.id).sort()).toEqual([d1.id, String(d2.id)].sort());
      const mine = (await sw.inject({ method: 'GET', url: `/api/blade-system/role/select?userId=${id}`, headers: me })).json().data;
      expect(mine.map((r: { roleAlias: string }) => r.roleAlias).sort()).toEqual(['auditor', 'caseworker']);
      // The sign-in form's choices: the user's own departments and roles, after the same checks.
      const choices = (who: typeof sw, password: string, headers: Record<string, string> = {}) =>
        who.inject({
          method: 'POST',
          url: '/api/blade-auth/oauth/switch-choices',
          query: { username: account, password: md5hex(password) },
          headers: { authorization: basic, 'tenant-id': '100001', ...headers },
          remoteAddress: nextIp(),
        });
      const answered = await choices(sw, 'Switch-pass1');
      expect(answered.statusCode, answered.body).toBe(200);
      const offered = answered.json().data;
      expect(offered.depts.map((d: { id: string }) => d.id).sort()).toEqual([d1.id, String(d2.id)].sort());
      expect(offered.depts.find((d: { id: string }) => d.id === String(d2.id)).deptName).toBe('第二部门');
      expect(offered.roles.map((r: { id: string }) => r.id).sort()).toEqual([auditorRole, caseworkerRole].sort());
      const wrong = await choices(sw, 'Wrong-pass1');
      expect([wrong.statusCode, wrong.json().msg]).toEqual([400, '用户名或密码错误']);
      const [failures] = await t.db.query<{ n: number }>(
        "select count(*)::int n from blade_log_auth where account = $1 and event_type = 'login-fail' and message = '用户名或密码错误'",
        [account],
      );
      expect(failures.n).toBeGreaterThan(0);
      expect((await choices(t.app, 'Switch-pass1')).statusCode).toBe(404);
      // A client that signs in only with a captcha needs one here too: no way round it for guessing.
      const captchaClient = `cap${run}`;
      await t.db.query(
        "insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity) values ($1, $2, 'cap-secret', 'refresh_token,captcha', 'all', 600, 1200)",
        [String(Date.now()).slice(-12), captchaClient],
      );
      const capBasic = { authorization: `Basic ${Buffer.from(`${captchaClient}:cap-secret`).toString('base64')}` };
      expect((await choices(sw, 'Switch-pass1', capBasic)).json().msg).toBe('验证码不正确');
      const c = (await sw.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
      const [row] = await t.db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [c.key]);
      const good = await choices(sw, 'Switch-pass1', { ...capBasic, 'captcha-key': c.key, 'captcha-code': row.code });
      expect(good.json().data.roles).toHaveLength(2);
      // A captcha that comes along is used up even where none is needed: the form then asks for a new one.
      const again = await choices(sw, 'Switch-pass1', { 'captcha-key': c.key, 'captcha-code': row.code });
      expect(again.json().msg).toBe('验证码不正确');
      // Without switch mode the headers are ignored: every role of the user applies.
      const plain = (await signIn(account, 'Switch-pass1', '100001', { 'role-id': auditorRole })).json();
      expect(plain.role_name.split(',').sort()).toEqual(['auditor', 'caseworker']);
    } finally {
      await sw.close();
    }
  });

  it('lists a tenant’s departments and roles, another tenant’s only for the platform administrator', async () => {
    const own = await get(tenantAdmin, '/api/blade-system/dept/select?tenantId=000000');
    expect(own.body.data.every((d: { tenantId: string }) => d.tenantId === '100001')).toBe(true);
    const other = await get(platform, '/api/blade-system/dept/select?tenantId=100001');
    expect(other.body.data.length).toBeGreaterThan(0);
    expect(other.body.data.every((d: { tenantId: string }) => d.tenantId === '100001')).toBe(true);
    expect((await get(tenantAdmin, '/api/blade-system/role/select?tenantId=%27')).status).toBe(400);
  });
});

describe('calls the shell makes', () => {
  it('routes: the granted menus with their ancestors (everything for the platform administrator), menus only', async () => {
    const all = await get(platform, '/api/blade-system/menu/routes');
    type Group = { code: string; children: { code: string }[] };
    const screensOf = (groups: Group[]) => groups.flatMap((g) => g.children.map((c) => c.code));
    expect(screensOf(all.body.data)).toEqual(expect.arrayContaining(['post', 'menu', 'tenant', 'client']));
    const mine = await get(caseworker, '/api/blade-system/menu/routes');
    const codes = screensOf(mine.body.data);
    expect(mine.body.data[0].code).toBe('system');
    expect(codes).toContain('post');
    expect(codes).not.toContain('client');
    expect(JSON.stringify(mine.body.data)).not.toContain('"category":2');
  });

  it('routes by topMenuId, top-menu and buttons', async () => {
    const tops = await get(caseworker, '/api/blade-system/menu/top-menu');
    // 系统管理, 我的事务 and 审批办理: a top menu only where the role holds a screen (the caseworker has none under 流程管理).
    expect(tops.body.data.map((x: { code: string }) => x.code)).toEqual(['system', 'work', 'approve']);
    const within = await get(caseworker, `/api/blade-system/menu/routes?topMenuId=${tops.body.data[0].id}`);
    expect(within.body.data[0].code).toBe('system');
    const platformTops = await get(platform, '/api/blade-system/menu/top-menu');
    expect((await get(caseworker, `/api/blade-system/menu/routes?topMenuId=${platformTops.body.data[0].id}`)).body.data).toEqual([]);
    expect((await get(caseworker, '/api/blade-system/menu/routes?topMenuId=x')).status).toBe(400);
    const nodes = await get(caseworker, `/api/blade-system/menu/getMenuTree?topMenuId=${tops.body.data[0].id}`);
    expect(nodes.body.data[0]).toMatchObject({ title: '系统管理', key: nodes.body.data[0].id, hasChildren: true });
    const buttons = await get(caseworker, '/api/blade-system/menu/buttons');
    const codes = buttons.body.data.flatMap((m: { children: { code: string }[] }) => m.children.map((b) => b.code));
    expect(codes).toContain('post_view');
    expect(codes).not.toContain('post_add');
    const adminButtons = await get(tenantAdmin, '/api/blade-system/menu/buttons');
    const adminCodes = adminButtons.body.data.flatMap((m: { children: { code: string }[] }) => m.children.map((b) => b.code));
    expect(adminCodes).toEqual(expect.arrayContaining(['post_add', 'post_edit', 'post_delete', 'role_grant', 'user_unlock']));
  });

  it('user info, clear cache and the menu tree', async () => {
    expect((await get(caseworker, '/api/blade-user/info')).body.data).toMatchObject({
      account: 'caseworker',
      tenantName: '示范区未成年人保护中心',
    });
    expect((await get(caseworker, '/api/blade-auth/oauth/clear-cache')).body).toEqual({ success: 'true', msg: 'success' });
    const tree = await get(platform, '/api/blade-system/menu/tree');
    expect(JSON.stringify(tree.body.data)).not.toContain('post_add');
    expect(tree.body.data[0]).toMatchObject({ title: '系统管理', key: tree.body.data[0].id });
  });

  it('the refresh check answers overMax once the session has been idle too long, and the session ends', async () => {
    const account = `idle${run}`;
    await t.addUser('100001', account, 'Idle-pass1');
    const s = (await signIn(account, 'Idle-pass1')).json();
    const me = asToken(s.access_token);
    const check = () => get(me, '/api/blade-system/bmSysOperationTime/checkRefresh');
    expect((await check()).body.data).toMatchObject({ overMax: false, maxIdleSeconds: 1800 });
    await t.db.query(
      "update blade_auth_session set last_active_time = now() - interval '31 minutes' where user_id = (select id from blade_user where account = $1)",
      [account],
    );
    t.app.ctx.sessions.forget();
    expect((await check()).body.data.overMax).toBe(true);
    expect((await get(me, '/api/blade-user/info')).status).toBe(401);
    expect((await get(null, '/api/blade-system/bmSysOperationTime/checkRefresh')).body.data.overMax).toBe(true);
  });

  it('an idle session is refused on any call', async () => {
    const account = `idle2${run}`;
    await t.addUser('100001', account, 'Idle-pass1');
    const me = asToken((await signIn(account, 'Idle-pass1')).json().access_token);
    await t.db.query(
      "update blade_auth_session set last_active_time = now() - interval '2 hours' where user_id = (select id from blade_user where account = $1)",
      [account],
    );
    t.app.ctx.sessions.forget();
    const res = await get(me, '/api/blade-user/info');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('登录已超时，请重新登录');
  });

  it('the deployer sign-in check passes holders of the deploy permission only', async () => {
    const check = (username: string, plain: string, tenantId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/deploy-check',
        query: { username, password: md5hex(plain), tenantId },
        headers: { authorization: basic, 'tenant-id': tenantId },
        remoteAddress: nextIp(),
      });
    expect((await check('admin', 'admin', '000000')).json()).toMatchObject({ code: 200, data: { pass: true } });
    const refused = await check('caseworker', 'caseworker', '100001');
    expect(refused.statusCode).toBe(403);
    expect((await check('admin', 'wrong', '000000')).json()).toMatchObject({ code: 400, msg: '用户名或密码错误' });
    expect((await t.app.inject({ method: 'POST', url: '/api/blade-auth/oauth/deploy-check' })).statusCode).toBe(401);
  });

  it('send logs stores the browser’s error log with who sent it', async () => {
    const logs = [{ type: 'error', url: '/system/post', message: `boom${run}`, stack: 'at x', time: '2024-01-01 10:00:00' }];
    expect((await post(caseworker, '/api/blade-log/front/send', logs)).body).toMatchObject({ code: 200, data: 1 });
    expect((await post(caseworker, '/api/blade-log/front/send', { logs: 'x' })).status).toBe(400);
    expect((await post(caseworker, '/api/blade-log/front/send', Array(101).fill({}))).status).toBe(400);
    const list = await get(tenantAdmin, `/api/blade-log/front/page?message=boom${run}`);
    expect(list.body.data.records).toEqual([expect.objectContaining({ type: 'error', createUser: caseworker.userId, tenantId: '100001' })]);
  });

  it('sign-in events are in the sign-in log, each tenant seeing its own', async () => {
    const mine = await get(tenantAdmin, '/api/blade-log/auth/page?eventType=login&size=100');
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(mine.body.data.records.every((r: { tenantId: string }) => r.tenantId === '100001')).toBe(true);
    expect(mine.body.data.records[0]).toMatchObject({ result: 'success', remoteIp: expect.any(String) });
    expect((await post(tenantAdmin, '/api/blade-log/auth/remove?ids=1')).status).toBe(404);
  });
});

describe('guards', () => {
  it('the app refuses to boot with an unguarded /api route', async () => {
    const app = Fastify();
    registerAuth(app, t.app.ctx);
    expect(() => app.get('/api/blade-x/open', async () => 'x')).toThrow(/declares no guard/);
    expect(() => app.get('/api/blade-x/odd', { config: { auth: { perm: [] } } }, async () => 'x')).toThrow(/declares no guard/);
    app.get('/api/blade-x/ok', { config: { auth: 'signed-in' } }, async () => 'x');
    await app.close();
  });

  it('every permission a route demands exists as a seeded menu or button code', async () => {
    const codes = new Set((await t.db.query<{ code: string }>('select code from blade_menu where is_deleted = 0')).map((r) => r.code));
    const demanded = t.app.routeGuards.flatMap((r) => (typeof r.guard === 'object' ? [r.guard.perm].flat() : []));
    expect(demanded.length).toBeGreaterThan(20);
    expect(demanded.filter((c) => !codes.has(c))).toEqual([]);
  });

  it('a signed-in caller without the button gets 403 naming it', async () => {
    const res = await post(caseworker, '/api/blade-system/post/submit', { postCode: 'x', postName: 'x', category: 1, sort: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, msg: '请求被拒绝', data: { perm: 'post_add,post_edit' } });
  });
});
