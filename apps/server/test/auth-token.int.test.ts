import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { SESSION_CACHE_MS } from '../src/core/session-store.ts';
import { signAccessToken } from '../src/core/tokens.ts';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestApp, testConfig } from './helpers/build-app.ts';

// The token endpoint: grants, answers, refusals that store nothing, refresh
// rotation with reuse detection, and server-side revocation.
let t: TestApp;
let basic: string;
const run = Date.now().toString(36).slice(-6);
let ipSeq = 0;
/** Every test signs in from its own address so the per-address throttle never interferes. */
const nextIp = () => `10.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}.${Math.floor(Math.random() * 250) + 1}`;

type Grant = Record<string, string>;
const grant = (params: Grant, headers: Record<string, string> = {}, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: params,
    headers: { authorization: basic, 'tenant-id': params.tenantId ?? '000000', ...headers },
    remoteAddress: ip,
  });
const password = (username: string, plain: string, tenantId = '100001', extra: Grant = {}) =>
  grant({ grant_type: 'password', username, password: md5hex(plain), tenantId, scope: 'all', ...extra });
const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int n from ${table}`))[0].n;
const get = (token: string, url = '/api/blade-user/info') =>
  t.call(null, { method: 'GET', url, headers: { 'blade-auth': `bearer ${token}` } });

beforeAll(async () => {
  t = await buildTestApp();
  basic = await t.basic();
});
afterAll(() => t?.close());

describe('password grant', () => {
  it('answers the bare snake_case object with the family claim names, signed HS256', async () => {
    const res = await password('caseworker', 'caseworker');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '100001',
      account: 'caseworker',
      user_name: 'caseworker',
      nick_name: '李社工',
      real_name: '李社工',
      role_name: 'caseworker',
      init_password: false,
      scope: 'all',
    });
    for (const k of ['access_token', 'refresh_token', 'user_id', 'dept_id', 'role_id', 'avatar', 'oauth_id'])
      expect(body).toHaveProperty(k);
    expect(body).not.toHaveProperty('code');
    const [header, payload] = body.access_token
      .split('.')
      .slice(0, 2)
      .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({
      iss: 'issuser',
      aud: 'audience',
      token_type: 'access_token',
      tenant_id: '100001',
      account: 'caseworker',
    });
    expect(payload.exp - payload.nbf).toBe(3600);
    expect(payload.sid).toMatch(/^[0-9a-f-]{36}$/);
    // The refresh token is opaque; only its hash is stored.
    const hash = createHash('sha256').update(body.refresh_token).digest('hex');
    expect(await t.db.query('select 1 from blade_refresh_token where token_hash = $1', [hash])).toHaveLength(1);
    expect(await t.db.query(`select 1 from blade_refresh_token where token_hash = $1`, [body.refresh_token])).toHaveLength(0);
    expect((await get(body.access_token)).body.data).toMatchObject({ account: 'caseworker', tenantId: '100001', roleName: '个案工作者' });
  });

  it('takes the parameters from an urlencoded body too; the token cookie does not sign API calls in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: basic, 'tenant-id': '100001', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=auditor&password=${md5hex('auditor')}&scope=all`,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const access = res.json().access_token;
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/blade-user/info', cookies: { 'saber-access-token': access } });
    expect(viaCookie.statusCode).toBe(401);
  });

  it('flags a user on an initial password', async () => {
    const id = await t.addUser('100001', 'initial-flag', 'Init-pass1');
    await t.db.query('update blade_user set init_password = 1 where id = $1', [id]);
    const res = await password('initial-flag', 'Init-pass1');
    expect(res.json().init_password).toBe(true);
  });

  it('answers unknown account and wrong password with the same text, and stores no session', async () => {
    const before = await count('blade_auth_session');
    const wrong = await password('caseworker', 'nope');
    const unknown = await password(`ghost${run}`, 'nope');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(await count('blade_auth_session')).toBe(before);
    await t.db.query("delete from blade_login_fail where fail_key like 'acct:100001:caseworker'");
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const sessions = await count('blade_auth_session');
    const cases: [() => Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      [() => grant({ grant_type: 'password', username: 'admin', password: md5hex('admin') }, { authorization: '' }), 401, '客户端认证失败'],
      [
        () =>
          grant({ grant_type: 'password', username: 'admin' }, { authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}` }),
        401,
        '客户端认证失败',
      ],
      [() => grant({ grant_type: 'password', username: 'admin' }, { authorization: 'Basic %%%' }), 401, '客户端认证失败'],
      [() => grant({}), 400, '不支持的授权类型'],
      // Social, authorization code and certificate are grants now: a client that does not list one is refused it.
      [() => grant({ grant_type: 'social' }), 400, '客户端未获授权使用该授权类型'],
      [() => grant({ grant_type: 'authorization_code' }), 400, '客户端未获授权使用该授权类型'],
      [() => grant({ grant_type: 'certificate' }), 400, '客户端未获授权使用该授权类型'],
      [() => grant({ grant_type: 'implicit' }), 400, '不支持的授权类型'],
      [() => grant({ grant_type: 'password', password: md5hex('x') }), 400, '缺少必要的请求参数：username'],
      [() => grant({ grant_type: 'password', username: 'admin' }), 400, '缺少必要的请求参数：password'],
      [() => password('admin', 'admin', '999999'), 400, '租户ID未找到'],
      [() => password('admin', 'admin', "0'; drop table blade_user;--"), 400, '租户ID未找到'],
      [() => password('admin', 'admin', 'x'.repeat(5000)), 400, '租户ID未找到'],
      [() => grant({ grant_type: 'refresh_token' }), 400, '缺少必要的请求参数：refresh_token'],
      [() => grant({ grant_type: 'refresh_token', refresh_token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), 401, '令牌已失效'],
      [() => grant({ grant_type: 'refresh_token', refresh_token: "'; --" }), 401, '令牌已失效'],
      [() => grant({ grant_type: 'captcha', username: 'admin', password: md5hex('admin') }), 400, '验证码不正确'],
    ];
    for (const [send, status, text] of cases) {
      const res = await send();
      expect(res.statusCode, text).toBe(status);
      expect((res.json() as { error_description: string }).error_description, text).toBe(text);
    }
    expect(await count('blade_auth_session')).toBe(sessions);
  });

  it('refuses a grant type the client row does not list', async () => {
    // Restored as found: later tests of this file sign in with the client.
    const [{ types }] = await t.db.query<{ types: string }>(
      "select authorized_grant_types as types from blade_client where client_id = 'saber'",
    );
    await t.db.query("update blade_client set authorized_grant_types = 'refresh_token,captcha' where client_id = 'saber'");
    try {
      const res = await password('caseworker', 'caseworker');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('unauthorized_client');
    } finally {
      await t.db.query("update blade_client set authorized_grant_types = $1 where client_id = 'saber'", [types]);
    }
  });

  it('refuses an expired or over-quota tenant and a user without a role', async () => {
    const code = `E${run}`.slice(0, 12);
    await t.newTenant(code);
    await t.db.query("update blade_tenant set expire_time = now() - interval '1 day' where tenant_id = $1", [code]);
    const t1 = await grant({ grant_type: 'password', username: 'admin', password: md5hex('x'), tenantId: code });
    expect(t1.json().error_description).toBe('租户授权已过期,请联系管理员');
    await t.db.query('update blade_tenant set expire_time = null, account_number = 0 where tenant_id = $1', [code]);
    const t2 = await grant({ grant_type: 'password', username: 'admin', password: md5hex('x'), tenantId: code });
    expect(t2.json().error_description).toBe('租户账号额度已满，请联系管理员');
    // A quota the tenant exactly fills (the accounts are counted only up to one past it) lets the
    // check through to the password.
    await t.db.query(
      `update blade_tenant set account_number = (select count(*) from blade_user where tenant_id = $1 and is_deleted = 0)
        where tenant_id = $1`,
      [code],
    );
    const full = await grant({ grant_type: 'password', username: 'admin', password: md5hex('x'), tenantId: code });
    expect(full.json().error_description).toBe('用户名或密码错误');
    await t.addUser('100001', `norole${run}`, 'Pw-norole', { roleAlias: 'none' });
    const t3 = await password(`norole${run}`, 'Pw-norole');
    expect(t3.json().error_description).toBe('未获得用户的角色信息');
  });

  it('signs in a user imported with a legacy BladeX hash and upgrades it to argon2id', async () => {
    const legacy = createHash('sha1').update(md5hex('legacy-pass')).digest('hex');
    const id = await t.addUser('100001', `legacy${run}`, '', { hash: legacy });
    expect((await password(`legacy${run}`, 'wrong')).json().error_description).toBe('用户名或密码错误');
    const ok = await password(`legacy${run}`, 'legacy-pass');
    expect(ok.statusCode).toBe(200);
    const [u] = await t.db.query<{ password: string }>('select password from blade_user where id = $1', [id]);
    expect(u.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await password(`legacy${run}`, 'legacy-pass')).statusCode).toBe(200);
  });
});

describe('captcha', () => {
  const fresh = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    const { key, image } = res.json();
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const [row] = await t.db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [key]);
    return { key, code: row.code };
  };
  const withCaptcha = (key: string, code: string) =>
    grant(
      { grant_type: 'captcha', username: 'auditor', password: md5hex('auditor'), tenantId: '100001' },
      { 'captcha-key': key, 'captcha-code': code },
    );

  it('is case-insensitive and works once, right or wrong', async () => {
    const a = await fresh();
    expect((await withCaptcha(a.key, a.code.toUpperCase())).statusCode).toBe(200);
    expect((await withCaptcha(a.key, a.code)).json().error_description).toBe('验证码不正确');
    const b = await fresh();
    expect((await withCaptcha(b.key, 'zzzzz')).json().error_description).toBe('验证码不正确');
    expect((await withCaptcha(b.key, b.code)).json().error_description).toBe('验证码不正确');
  });

  it('expires', async () => {
    const c = await fresh();
    await t.db.query("update blade_captcha set expire_time = now() - interval '1 second' where captcha_key = $1", [c.key]);
    expect((await withCaptcha(c.key, c.code)).json().error_description).toBe('验证码不正确');
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string, headers: Record<string, string> = {}) =>
    grant({ grant_type: 'refresh_token', refresh_token: token, scope: 'all', tenantId: '100001' }, headers);

  it('rotate on each use; reusing an old one ends the whole session', async () => {
    const first = (await password('auditor', 'auditor')).json();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const s2 = second.json();
    expect(s2.refresh_token).not.toBe(first.refresh_token);
    expect(s2.user_id).toBe(first.user_id);
    expect((await get(s2.access_token)).status).toBe(200);
    const third = (await refresh(s2.refresh_token)).json();
    // The first refresh token comes back: it was copied. Every token of that session stops working.
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error_description).toBe('令牌已失效');
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    expect((await get(third.access_token)).status).toBe(401);
    expect((await get(first.access_token)).status).toBe(401);
    const [log] = await t.db.query<{ result: string }>(
      "select result from blade_log_auth where event_type = 'token-reuse' order by create_time desc limit 1",
    );
    expect(log.result).toBe('fail');
  });

  it('refuses a tampered token, a foreign tenant id and another client, and stores nothing', async () => {
    const s = (await password('auditor', 'auditor')).json();
    const tampered = `${s.refresh_token.slice(0, -2)}${s.refresh_token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await refresh(tampered)).statusCode).toBe(401);
    expect((await refresh(s.refresh_token, { 'tenant-id': '000000' })).json().error_description).toBe('租户ID与令牌不符');
    await t.db.query(
      "insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity) values (7001, $1, 'other-secret', 'refresh_token,password', 'all', 600, 1200) on conflict do nothing",
      [`other${run}`],
    );
    const other = await refresh(s.refresh_token, { authorization: `Basic ${Buffer.from(`other${run}:other-secret`).toString('base64')}` });
    expect(other.statusCode).toBe(401);
    // None of these used the token up: it still refreshes once.
    expect((await refresh(s.refresh_token)).statusCode).toBe(200);
  });

  it('end at the absolute session lifetime, however often refreshed', async () => {
    const s = (await password('auditor', 'auditor')).json();
    const fresh = (await refresh(s.refresh_token)).json();
    expect(fresh.refresh_token).toBeTruthy();
    // Signed in eight days ago (account.sessionMaxDays is 7), refreshed every few minutes since.
    await t.db.query(
      "update blade_auth_session set create_time = now() - interval '8 days' where id = (select session_id from blade_refresh_token where token_hash = $1)",
      [createHash('sha256').update(fresh.refresh_token).digest('hex')],
    );
    const late = await refresh(fresh.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(late.json().error_description).toBe('登录已超过最长有效期，请重新登录');
    expect((await get(fresh.access_token)).status).toBe(401);
  });

  it('keep the client row validity', async () => {
    await t.db.query("update blade_client set access_token_validity = 1800, refresh_token_validity = 7200 where client_id = 'saber'");
    try {
      const s = (await password('auditor', 'auditor')).json();
      expect(s.expires_in).toBe(1800);
      const [row] = await t.db.query<{ secs: number }>(
        'select extract(epoch from expire_time - create_time)::int as secs from blade_refresh_token where token_hash = $1',
        [createHash('sha256').update(s.refresh_token).digest('hex')],
      );
      expect(Math.abs(row.secs - 7200)).toBeLessThan(5);
    } finally {
      await t.db.query("update blade_client set access_token_validity = 3600, refresh_token_validity = 604800 where client_id = 'saber'");
    }
  });
});

describe('revocation', () => {
  it('logout ends the session at once on this server copy, and within a second on another', async () => {
    const other = await buildApp({ db: t.db, config: testConfig() });
    try {
      const s = (await password('auditor', 'auditor')).json();
      const onOther = () =>
        other.inject({ method: 'GET', url: '/api/blade-user/info', headers: { 'blade-auth': `bearer ${s.access_token}` } });
      expect((await onOther()).statusCode).toBe(200); // the other copy now holds it in its cache
      const out = await t.app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/logout',
        headers: { 'blade-auth': `bearer ${s.access_token}` },
      });
      expect(out.json()).toEqual({ success: 'true', msg: 'success' });
      expect((await get(s.access_token)).status).toBe(401);
      await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 50));
      const late = await onOther();
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ code: 401, msg: '令牌已失效' });
      expect((await grant({ grant_type: 'refresh_token', refresh_token: s.refresh_token, tenantId: '100001' })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('disabling a user ends its sessions; a password change ends every older one', async () => {
    const account = `revoke${run}`;
    const id = await t.addUser('100001', account, 'Old-pass1');
    const a = (await password(account, 'Old-pass1')).json();
    const b = (await password(account, 'Old-pass1')).json();
    const changed = await t.call(null, {
      method: 'POST',
      url: `/api/blade-user/update-password?oldPassword=${md5hex('Old-pass1')}&newPassword=${md5hex('New-pass1')}&newPassword1=${md5hex('New-pass1')}`,
      headers: { 'blade-auth': `bearer ${a.access_token}` },
    });
    expect(changed.status).toBe(200);
    expect((await get(a.access_token)).status).toBe(401);
    expect((await get(b.access_token)).status).toBe(401);
    const fresh = changed.body.data;
    expect((await get(fresh.access_token)).status).toBe(200);
    await t.db.query('update blade_user set status = 0 where id = $1', [id]);
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 50));
    expect((await get(fresh.access_token)).status).toBe(401);
    expect((await password(account, 'New-pass1')).json().error_description).toBe('用户已被禁用，请联系管理员');
  });

  it('refuses forged, expired, wrongly signed and refresh-as-access tokens', async () => {
    const s = (await password('auditor', 'auditor')).json();
    const [h, p] = s.access_token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const otherKey = await signAccessToken(new TextEncoder().encode('another-key-of-at-least-32-chars!!'), claims, 3600);
    const expired = await signAccessToken(t.app.ctx.key, { ...claims, exp: undefined, iat: undefined, nbf: undefined }, -10);
    const foreignTenant = await signAccessToken(
      t.app.ctx.key,
      { ...claims, tenant_id: '000000', exp: undefined, iat: undefined, nbf: undefined },
      3600,
    );
    for (const bad of [none, otherKey, expired, foreignTenant, `${h}.${p}.AAAA`, s.refresh_token, 'x'.repeat(9000)]) {
      const res = await get(bad);
      expect(res.status, bad.slice(0, 30)).toBe(401);
      expect(res.body.code).toBe(401);
    }
  });
});

describe('signing key', () => {
  it('production refuses an empty, default or short key; elsewhere it only warns', async () => {
    for (const jwtSecret of ['secret', 'short-key', 'a'.repeat(64)]) {
      await expect(buildApp({ db: t.db, config: testConfig({ production: true, jwtSecret }) })).rejects.toThrow(/signing key is unfit/);
    }
    const dev = await buildApp({ db: t.db, config: testConfig({ production: false, jwtSecret: 'secret' }) });
    await dev.close();
    const strong = await buildApp({ db: t.db, config: testConfig({ production: true, jwtSecret: 'k7Hq2!vR9zLm4#pX8wNc3$tB6yFd1&sG' }) });
    await strong.close();
  });
});
