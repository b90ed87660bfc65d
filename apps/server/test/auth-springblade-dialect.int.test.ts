import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

// The open SpringBlade dialect, replayed as a public Saber client starts: the SM2 key it is
// configured with, sign-in, routes, buttons, user info, a list page, refresh, logout. Each answer
// must carry the fields that client reads, and the dialect's calls answer what the BladeX calls
// of the same meaning answer.
let t: TestApp;
let basic: string;
const run = Date.now().toString(36).slice(-6);
const account = `sb${run}`;
const TENANT = '100001';
let seq = 0;
const nextIp = () => `10.63.${(seq >> 8) & 255}.${(seq++ & 255) + 1}`;

const openToken = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/token',
    query,
    headers: { authorization: basic, 'tenant-id': TENANT, ...headers },
    remoteAddress: nextIp(),
  });
const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: basic, 'blade-auth': `bearer ${token}` } });

beforeAll(async () => {
  t = await buildTestApp();
  basic = await t.basic();
  await t.addUser(TENANT, account, 'Saber-pass1', { roleAlias: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('the open SpringBlade dialect', () => {
  it('replays a Saber start-up: SM2 sign-in, routes, buttons, user info, a list page, refresh, logout', async () => {
    const keyRes = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/sm2-public-key' })).json();
    expect(keyRes.data).toMatch(/^04[0-9a-f]{128}$/);
    // Saber 4.x: `sm2.doEncrypt(password, publicKey, 0)`, the hex without `04`.
    const cipher = sm2.doEncrypt('Saber-pass1', keyRes.data, 0);
    const signIn = await openToken({ tenantId: TENANT, username: account, password: cipher, grantType: 'password', scope: 'all' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const auth = signIn.json();
    expect(auth).toMatchObject({ code: 200, success: true });
    for (const f of [
      'accessToken',
      'refreshToken',
      'tokenType',
      'userId',
      'tenantId',
      'account',
      'userName',
      'authority',
      'avatar',
      'oauthId',
    ])
      expect(auth.data, f).toHaveProperty(f);
    expect(auth.data).toMatchObject({ account, tenantId: TENANT, tokenType: 'bearer', expiresIn: expect.any(Number) });
    expect(auth.data.authority).toContain('admin');
    const token = auth.data.accessToken as string;

    const routes = (await get(token, '/api/blade-system/menu/routes')).json();
    expect(routes.code).toBe(200);
    expect(routes.data.length).toBeGreaterThan(0);
    for (const f of ['id', 'parentId', 'name', 'path', 'source', 'children']) expect(routes.data[0], f).toHaveProperty(f);
    const buttons = (await get(token, '/api/blade-system/menu/buttons')).json();
    expect(buttons.code).toBe(200);
    const leaves = (buttons.data as { children?: { code: string }[] }[]).flatMap((b) => b.children ?? []);
    expect(leaves.length).toBeGreaterThan(0);
    expect(leaves[0]).toHaveProperty('code');

    const info = await get(token, '/api/blade-system/user/info');
    expect(info.statusCode).toBe(200);
    for (const f of ['id', 'account', 'realName', 'avatar', 'tenantId']) expect(info.json().data, f).toHaveProperty(f);
    // The same call under the BladeX path answers the same.
    expect(info.json()).toEqual((await get(token, '/api/blade-user/info')).json());
    const page = await get(token, '/api/blade-system/user/page?current=1&size=10');
    expect(page.json().data).toMatchObject({ records: expect.any(Array), total: expect.any(Number) });
    expect(page.json()).toEqual((await get(token, '/api/blade-user/page?current=1&size=10')).json());
    const depts = (await get(token, '/api/blade-system/dept/list')).json();
    expect(depts.code).toBe(200);

    const refreshed = (await openToken({ grantType: 'refresh_token', refreshToken: auth.data.refreshToken, tenantId: TENANT })).json();
    expect(refreshed.code).toBe(200);
    // A new refresh token (each works once); the access token may equal the old one within the same second.
    expect(refreshed.data.refreshToken).not.toBe(auth.data.refreshToken);
    const fresh = refreshed.data.accessToken as string;
    const out = await t.app.inject({ method: 'POST', url: '/api/blade-auth/logout', headers: { 'blade-auth': `bearer ${fresh}` } });
    expect(out.json()).toMatchObject({ code: 200, success: true });
    expect((await get(fresh, '/api/blade-system/user/info')).statusCode).toBe(401);
  });

  it('takes plain and md5 passwords, answers the same user as the BladeX endpoint, and refuses in the envelope', async () => {
    const plain = (await openToken({ tenantId: TENANT, account, password: 'Saber-pass1', grantType: 'password' })).json();
    const hashed = (await openToken({ tenantId: TENANT, account, password: md5hex('Saber-pass1'), grantType: 'password' })).json();
    const blade = (
      await t.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        query: { grant_type: 'password', username: account, password: md5hex('Saber-pass1'), scope: 'all' },
        headers: { authorization: basic, 'tenant-id': TENANT },
        remoteAddress: nextIp(),
      })
    ).json();
    for (const a of [plain.data, hashed.data]) {
      expect(a).toMatchObject({
        account: blade.account,
        userId: blade.user_id,
        tenantId: blade.tenant_id,
        deptId: blade.dept_id,
        roleId: blade.role_id,
        authority: blade.role_name,
        userName: blade.user_name,
        expiresIn: blade.expires_in,
      });
    }
    const wrong = await openToken({ tenantId: TENANT, account, password: 'wrong', grantType: 'password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, success: false, data: null, msg: '用户名或密码错误' });
    const noClient = await openToken({ tenantId: TENANT, account, password: 'x', grantType: 'password' }, { authorization: 'Basic eDp5' });
    expect(noClient.json()).toMatchObject({ code: 401, msg: '客户端认证失败' });
    // A cipher made with another key is not this install's: refused like a wrong password.
    const other = sm2.generateKeyPairHex();
    const foreign = await openToken({
      tenantId: TENANT,
      account,
      password: sm2.doEncrypt('Saber-pass1', other.publicKey, 0),
      grantType: 'password',
    });
    expect(foreign.json().msg).toBe('用户名或密码错误');
  });

  it('serves the captcha in the envelope and signs in with grant captcha (key and code as headers or parameters)', async () => {
    const captcha = async () => {
      const c = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/captcha', remoteAddress: nextIp() })).json();
      expect(c.data.image).toMatch(/^data:image\//);
      const [row] = await t.db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [c.data.key]);
      return { key: c.data.key as string, code: row.code };
    };
    const a = await captcha();
    const viaHeaders = await openToken(
      { tenantId: TENANT, account, password: 'Saber-pass1', grantType: 'captcha' },
      { 'captcha-key': a.key, 'captcha-code': a.code },
    );
    expect(viaHeaders.json().code).toBe(200);
    const b = await captcha();
    const viaParams = await openToken({
      tenantId: TENANT,
      account,
      password: 'Saber-pass1',
      grantType: 'captcha',
      key: b.key,
      code: b.code,
    });
    expect(viaParams.json().code).toBe(200);
    const used = await openToken({ tenantId: TENANT, account, password: 'Saber-pass1', grantType: 'captcha', key: b.key, code: b.code });
    expect(used.json()).toMatchObject({ code: 400, msg: '验证码不正确' });
  });

  it('writes through the user calls of the system path with the same guard', async () => {
    const me = await t.as(account, TENANT);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/user/update-info',
      headers: { 'blade-auth': `bearer ${me.token}` },
      payload: { phone: '13700000001' },
    });
    expect(saved.json()).toMatchObject({ code: 200 });
    expect((await get(me.token, '/api/blade-system/user/info')).json().data.phone).toBe('13700000001');
    const caseworker = await t.as('caseworker', TENANT);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/blade-system/user/remove?ids=${me.userId}`,
      headers: { 'blade-auth': `bearer ${caseworker.token}` },
    });
    expect(removed.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-system/user/info' })).statusCode).toBe(401);
  });
});
