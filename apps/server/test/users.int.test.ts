import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;
let caseworker: TestUser;
let deptId: string;
let roleId: string;
let postId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
  [{ id: deptId }] = await t.db.query<{ id: string }>(
    "select id::text from blade_dept where tenant_id = '100001' and parent_id = 0 limit 1",
  );
  [{ id: roleId }] = await t.db.query<{ id: string }>(
    "select id::text from blade_role where tenant_id = '100001' and role_alias = 'caseworker'",
  );
  const post = await t.call(admin, {
    method: 'POST',
    url: '/api/blade-system/post/submit',
    payload: { category: 1, postCode: 'U-P1', postName: '社工岗', sort: '1' },
  });
  postId = post.body.data.id;
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
const newUser = (over: Record<string, unknown> = {}) => ({
  account: `u${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 5)}`,
  name: '小李',
  realName: '李小明',
  userType: 1,
  roleId,
  deptId,
  postId,
  ...over,
});

async function signIn(tenantId: string, account: string, password: string) {
  const [c] = await t.db.query<{ id: string; secret: string }>(
    "select client_id id, client_secret secret from blade_client where client_id = 'saber'",
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    payload: `grant_type=password&username=${account}&password=${md5hex(password)}&scope=all`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`,
      'tenant-id': tenantId,
    },
  });
  return res.json();
}

describe('users', () => {
  it('creates a user on the initial password, lists it by department with names, and audits the change', async () => {
    const body = newUser();
    const res = await post(admin, '/api/blade-user/submit', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).not.toHaveProperty('password');
    const page = await get(admin, `/api/blade-user/page?deptId=${deptId}&account=${body.account}`);
    expect(page.body.data.records).toHaveLength(1);
    expect(page.body.data.records[0]).toMatchObject({ account: body.account, roleName: '个案工作者', postName: '社工岗' });
    expect(page.body.data.records[0].deptName).toBeTruthy();
    const answer = await signIn('100001', body.account, '123456');
    expect(answer).toMatchObject({ account: body.account, init_password: true });
    const log = await get(admin, `/api/blade-user/b/operLog/page?account=${body.account}`);
    expect(log.body.data.records[0]).toMatchObject({ content: '新增用户', auditStatus: 0, operator: 'admin' });
  });

  it('enforces the real-name length with the spec’s message and refuses a duplicate account', async () => {
    const short = await post(admin, '/api/blade-user/submit', newUser({ realName: '李' }));
    expect(short.status).toBe(400);
    expect(short.body.data.errors).toContainEqual({ field: 'realName', message: '姓名长度在2到5个字符' });
    const body = newUser();
    expect((await post(admin, '/api/blade-user/submit', body)).status).toBe(200);
    const dup = await post(admin, '/api/blade-user/submit', newUser({ account: body.account }));
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('登录账号已存在');
    expect((await post(admin, '/api/blade-user/submit', { ...newUser(), id: '1' })).status).toBe(400);
  });

  it('applies the tenant’s password policy to new passwords, changes and expiry', async () => {
    const saved = await post(admin, '/api/blade-system/dwSysPwStrategy/cusSubmit', {
      minLength: 10,
      needUpper: 1,
      needLower: 1,
      needDigit: 1,
      needSpecial: 1,
      expireDays: 0,
      historyCount: 2,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await get(caseworker, '/api/blade-system/dwSysPwStrategy/getStrategy')).body.data).toMatchObject({
      minLength: 10,
      historyCount: 2,
    });
    const weak = await post(admin, '/api/blade-user/submit', newUser({ password: 'abc123' }));
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe('密码须长度不少于10位、包含大写字母、包含特殊字符');
    const body = newUser({ password: 'Str0ng!Pass' });
    expect((await post(admin, '/api/blade-user/submit', body)).status).toBe(200);
    const me = await signIn('100001', body.account, 'Str0ng!Pass');
    expect(me.init_password).toBe(false);
    const tok = { token: me.access_token, refreshToken: '', userId: me.user_id, tenantId: '100001', account: body.account };
    const change = (n: string) =>
      post(tok, '/api/blade-user/update-password', { oldPassword: md5hex('Str0ng!Pass'), newPassword: n, newPassword1: n });
    expect((await change('short')).body.msg).toMatch(/^密码须长度不少于10位/);
    const ok1 = await change('N3w!Passw0rd');
    expect(ok1.status, JSON.stringify(ok1.body)).toBe(200);
    // Back to a recent password is refused.
    const tok2 = { ...tok, token: ok1.body.data.access_token };
    const again = await post(tok2, '/api/blade-user/update-password', {
      oldPassword: md5hex('N3w!Passw0rd'),
      newPassword: 'Str0ng!Pass',
      newPassword1: 'Str0ng!Pass',
    });
    expect(again.body.msg).toBe('新密码不能与最近2次使用过的密码相同');
    // Expiry: a password older than the policy allows must be changed at sign-in.
    await post(admin, '/api/blade-system/dwSysPwStrategy/cusSubmit', { minLength: 6, expireDays: 30, historyCount: 0 });
    await t.db.query("update blade_user set last_uppasswd_time = now() - interval '31 days' where account = $1", [body.account]);
    expect(await signIn('100001', body.account, 'N3w!Passw0rd')).toMatchObject({ init_password: true, password_expired: true });
    await post(admin, '/api/blade-system/dwSysPwStrategy/cusSubmit', {
      minLength: 6,
      expireDays: 0,
      historyCount: 0,
      needUpper: 0,
      needLower: 0,
      needDigit: 0,
      needSpecial: 0,
    });
  });

  it('grants roles, disables and revokes with immediate effect, and never removes oneself', async () => {
    const body = newUser({ password: 'Pass#1234' });
    const created = (await post(admin, '/api/blade-user/submit', body)).body.data;
    const me = await signIn('100001', body.account, 'Pass#1234');
    const tok = { token: me.access_token, refreshToken: '', userId: me.user_id, tenantId: '100001', account: body.account };
    const info = await get(tok, '/api/blade-user/info');
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    const [auditor] = await t.db.query<{ id: string }>(
      "select id::text from blade_role where tenant_id = '100001' and role_alias = 'auditor'",
    );
    expect((await post(admin, `/api/blade-user/grant?userIds=${created.id}&roleIds=${auditor.id}`)).status).toBe(200);
    expect((await get(admin, `/api/blade-user/detail?id=${created.id}`)).body.data.roleName).toBe('审核员');
    const [foreign] = await t.db.query<{ id: string }>("select id::text from blade_role where tenant_id = '000000' limit 1");
    expect((await post(admin, `/api/blade-user/grant?userIds=${created.id}&roleIds=${foreign.id}`)).status).toBe(400);
    expect((await post(admin, `/api/blade-user/changeStatus?userIds=${created.id}&status=0`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // a session check is trusted for at most a second
    expect((await get(tok, '/api/blade-user/info')).status).toBe(401);
    expect((await signIn('100001', body.account, 'Pass#1234')).error_description).toBeTruthy();
    expect((await post(admin, `/api/blade-user/changeStatus?userIds=${created.id}&status=2`)).status).toBe(400);
    expect((await post(admin, `/api/blade-user/remove?ids=${admin.userId}`)).body.msg).toBe('不能删除本账号！');
    // A case worker without the buttons is refused.
    expect((await post(caseworker, `/api/blade-user/changeStatus?userIds=${created.id}&status=1`)).status).toBe(403);
  });

  it('keeps one’s own profile to its fields and checks the phone', async () => {
    const bad = await post(caseworker, '/api/blade-user/update-info', { phone: '12345' });
    expect(bad.body.msg).toBe('请输入正确的手机号码');
    const ok = await post(caseworker, '/api/blade-user/update-info', {
      phone: '13800001111',
      realName: '李社工',
      roleId: '1',
      account: 'hacker',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await t.db.query<{ phone: string; account: string; role: string }>(
      "select phone, account, role_id role from blade_user where tenant_id = '100001' and id = $1",
      [caseworker.userId],
    );
    expect(row).toMatchObject({ phone: '13800001111', account: 'caseworker' });
    expect(row.role).not.toBe('1');
  });

  it('sets platform settings and secret level, and orders by last password change', async () => {
    const created = (await post(admin, '/api/blade-user/submit', newUser())).body.data;
    expect((await post(admin, '/api/blade-user/update-platform', { userId: created.id, userType: 2, userExt: '{"app":"x"}' })).status).toBe(
      200,
    );
    expect((await get(admin, `/api/blade-user/platform-detail?userId=${created.id}`)).body.data).toEqual({
      userId: created.id,
      userType: 2,
      userExt: '{"app":"x"}',
    });
    expect((await post(admin, `/api/blade-user/b/setSecret?userIds=${created.id}&secretLevel=3`)).status).toBe(200);
    expect((await get(admin, `/api/blade-user/detail?id=${created.id}`)).body.data.secretLevel).toBe('3');
    expect((await post(admin, `/api/blade-user/b/setSecret?userIds=${created.id}&secretLevel=99`)).status).toBe(400);
    const ordered = await get(admin, '/api/blade-user/page4lastUpwd?lastUpwdOrder=asc&size=100');
    expect(ordered.status).toBe(200);
    expect(ordered.body.data.records.length).toBeGreaterThan(1);
  });

  it('lets the auditor, not the administrator whose changes it reviews, pass or reject pending entries once', async () => {
    const auditor = await t.as('auditor', '100001');
    const log = (await get(auditor, '/api/blade-user/b/operLog/page?auditStatus=0&size=2')).body.data.records;
    const ids = log.map((l: { id: string }) => l.id).join(',');
    expect((await post(admin, `/api/blade-user/b/operLog/auditPass?ids=${ids}`)).status).toBe(403);
    expect((await post(auditor, `/api/blade-user/b/operLog/auditPass?ids=${ids}`)).status).toBe(200);
    expect((await post(auditor, `/api/blade-user/b/operLog/auditReject?ids=${ids}&auditReason=x`)).body.msg).toBe('只能审计待审计的记录');
  });
});
