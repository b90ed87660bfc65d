import { createHash, randomBytes } from 'node:crypto';
import type { FieldDef } from '@civdesk/meta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The authorization code flow with PKCE for third-party applications: the application sends the
// browser to GET /oauth/authorize (checked, then handed to the login page); the signed-in user's
// page asks POST /oauth/authorize for a one-use code and follows the redirect; the application
// exchanges the code with its verifier (grant authorization_code) for the user's token.
let t: TestApp;
let admin: TestUser;
const run = Date.now().toString(36).slice(-6);
const APP = `pkce${run}`;
const OTHER = `pkce2${run}`;
const REDIRECT = 'https://app.example.org/callback';
const basicOf = (id: string) => `Basic ${Buffer.from(`${id}:s3cret`).toString('base64')}`;
let seq = 0;
const nextIp = () => `10.64.${(seq >> 8) & 255}.${(seq++ & 255) + 1}`;

const pair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const ask = (u: TestUser, q: Record<string, string>) => t.call(u, { method: 'POST', url: '/api/blade-auth/oauth/authorize', query: q });
const request = (challenge: string, over: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: APP,
  redirect_uri: REDIRECT,
  code_challenge: challenge,
  code_challenge_method: 'S256',
  state: 'xyz',
  ...over,
});
async function codeFor(challenge: string): Promise<string> {
  const res = await ask(admin, request(challenge));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.code;
}
const exchange = (code: string, verifier: string, o: { client?: string; redirect?: string; tenantId?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: o.redirect ?? REDIRECT,
    }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basicOf(o.client ?? APP),
      ...(o.tenantId ? { 'tenant-id': o.tenantId } : {}),
    },
    remoteAddress: nextIp(),
  });
const said = async (res: ReturnType<typeof exchange>) => {
  const r = await res;
  return r.statusCode === 200 ? 'ok' : r.json().error_description;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  for (const [i, id] of [APP, OTHER].entries())
    await t.db.query(
      `insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity, web_server_redirect_uri)
       values ($1, $2, 's3cret', 'authorization_code,refresh_token', 'all', 600, 1200, $3)`,
      [Date.now() + i, id, `https://other.example.org/cb,${REDIRECT}`],
    );
});
afterAll(async () => {
  await t?.close();
});

describe('authorization code with PKCE', () => {
  it('issues a one-use code to the registered redirect URI; the client exchanges it with the verifier', async () => {
    const { verifier, challenge } = pair();
    const res = await ask(admin, request(challenge));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { code, redirect, expiresIn } = res.body.data;
    expect(expiresIn).toBe(60);
    const to = new URL(redirect);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(to.searchParams.get('code')).toBe(code);
    expect(to.searchParams.get('state')).toBe('xyz');
    // Only a keyed hash is stored.
    const rows = await t.db.query<{ captcha_key: string; code: string }>(
      "select captcha_key, code from blade_captcha where captcha_key like 'authz:%'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => code.includes(r.code) || r.captcha_key.includes(code))).toBe(false);
    const answer = await exchange(code, verifier);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ account: 'admin', tenant_id: '100001', client_id: APP });
    expect(await said(exchange(code, verifier))).toBe('授权码无效或已过期');
    const logged = await t.db.query<{ n: number }>(
      "select count(*)::int as n from blade_log_auth where event_type = 'login' and message = '授权码登录' and tenant_id = '100001'",
    );
    expect(logged[0].n).toBeGreaterThan(0);
  });

  it('refuses another client and another redirect URI without using the code up', async () => {
    const { verifier, challenge } = pair();
    const code = await codeFor(challenge);
    expect(await said(exchange(code, verifier, { client: OTHER }))).toBe('授权码与客户端不符');
    expect(await said(exchange(code, verifier, { redirect: 'https://other.example.org/cb' }))).toBe('回调地址与授权请求不符');
    expect(await said(exchange(code, verifier, { tenantId: '000000' }))).toBe('授权码与租户不符');
    expect(await said(exchange(code, verifier))).toBe('ok');
  });

  it('refuses a wrong verifier and then the code itself', async () => {
    const { verifier, challenge } = pair();
    const code = await codeFor(challenge);
    expect(await said(exchange(code, pair().verifier))).toBe('code_verifier 校验失败');
    expect(await said(exchange(code, verifier))).toBe('授权码无效或已过期');
    expect(await said(exchange(code, 'short'))).toBe('code_verifier 格式不正确');
    expect(await said(exchange(`${code}x`, verifier))).toBe('授权码无效或已过期');
  });

  it('checks the request: response type, client, grant, registered redirect URI, S256 challenge', async () => {
    const { challenge } = pair();
    const refused = async (over: Record<string, string>) => {
      const res = await ask(admin, request(challenge, over));
      expect(res.status).toBe(400);
      return res.body.msg;
    };
    expect(await refused({ response_type: 'token' })).toBe('仅支持 response_type=code');
    expect(await refused({ client_id: 'nobody' })).toBe('客户端不存在');
    expect(await refused({ client_id: 'saber' })).toBe('客户端未获授权使用该授权类型');
    expect(await refused({ redirect_uri: 'https://evil.example.org/callback' })).toBe('回调地址未在客户端登记');
    expect(await refused({ code_challenge_method: 'plain' })).toBe('必须使用PKCE（code_challenge_method=S256）');
    expect(await refused({ code_challenge: 'short' })).toBe('code_challenge 格式不正确');
    expect((await t.call(null, { method: 'POST', url: '/api/blade-auth/oauth/authorize', query: request(challenge) })).status).toBe(401);
  });

  it('hands a browser’s request to the login page, whose signed-in user gets the code for it', async () => {
    const { verifier, challenge } = pair();
    const start = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/authorize', query: request(challenge) });
    expect(start.statusCode).toBe(302);
    const login = new URL(start.headers.location as string, 'http://x');
    expect(login.pathname).toBe('/login');
    const sealed = login.searchParams.get('authorize') ?? '';
    const res = await ask(admin, { request: sealed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await said(exchange(res.body.data.code, verifier))).toBe('ok');
    expect((await ask(admin, { request: `${sealed}x` })).body.msg).toBe('授权请求无效或已过期，请从应用重新发起');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/authorize',
      query: request(challenge, { redirect_uri: 'https://evil.example.org/' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.location).toBeUndefined();
    expect(bad.json().msg).toBe('回调地址未在客户端登记');
  });

  it('a client saved with the form as it opens (authorization_code pre-selected) completes the code flow', async () => {
    const { client } = await import('@civdesk/resources');
    // The form's starting values are the definition's defaults.
    const defaults = Object.fromEntries(
      Object.entries(client.fields as Record<string, FieldDef>)
        .filter(([, f]) => f.default !== undefined)
        .map(([k, f]) => [k, f.default]),
    );
    expect(String(defaults.authorizedGrantTypes).split(',')).toContain('authorization_code');
    const platform = await t.as('admin', '000000');
    const id = `form${run}`;
    const saved = await t.call(platform, {
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: { ...defaults, clientId: id, clientSecret: 's3cret', webServerRedirectUri: REDIRECT },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { verifier, challenge } = pair();
    const res = await ask(admin, request(challenge, { client_id: id }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = await exchange(res.body.data.code, verifier, { client: id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ account: 'admin', client_id: id });
  });

  it('the OAuth client form offers only grants the token endpoint accepts', async () => {
    const { client } = await import('@civdesk/resources');
    const { grants } = await import('../src/modules/auth/token.routes.ts');
    const offered = (client.fields.authorizedGrantTypes.options ?? []).map((o) => String(o.value));
    expect(offered.filter((g) => !Object.hasOwn(grants, g))).toEqual([]);
    expect(offered).toContain('authorization_code');
    expect(offered).toContain('certificate');
  });
});
