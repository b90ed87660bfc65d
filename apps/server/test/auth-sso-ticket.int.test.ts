import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Single sign-on by ticket: a signed-in user gets a one-use ticket for a registered third-party
// application whose role binding allows it; the application exchanges it (grant sso_ticket, or
// the by-code call) with its own OAuth client within 60 seconds.
let t: TestApp;
let admin: TestUser;
let auditor: TestUser;
let appId: string;
let appBasic: string;
const run = Date.now().toString(36).slice(-6);
const APP = '/api/dw-third-app/dwThirdApp';
let seq = 0;
const nextIp = () => `10.62.${(seq >> 8) & 255}.${(seq++ & 255) + 1}`;

const ticketFor = async (u: TestUser, id = appId) => t.call(u, { method: 'POST', url: `/api/blade-auth/sso/ticket?appId=${id}` });
const exchange = (ticket: string, o: { appId?: string; auth?: string; tenantId?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { grant_type: 'sso_ticket', ticket, appId: o.appId ?? appId },
    headers: { authorization: o.auth ?? appBasic, ...(o.tenantId ? { 'tenant-id': o.tenantId } : {}) },
    remoteAddress: nextIp(),
  });
const said = async (res: Promise<{ json(): { error_description?: string } }>) => (await res).json().error_description ?? 'ok';

async function newApp(u: TestUser, name: string) {
  const made = await t.call(u, {
    method: 'POST',
    url: `${APP}/submit`,
    payload: { appName: name, loginUrl: 'https://app.example.org/sso?from=civdesk', loginOutApi: 'https://app.example.org/out', note: 'n' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return String(made.body.data.id);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  auditor = await t.as('auditor', '100001');
  appId = await newApp(admin, `票据应用${run}`);
  const [role] = await t.db.query<{ id: string }>(
    "select id::text from blade_role where tenant_id = '100001' and role_alias = 'admin' and is_deleted = 0",
  );
  const bound = await t.call(admin, {
    method: 'POST',
    url: `/api/dw-third-app/dwThirdAppPermission/batchBind?appId=${appId}&roleIds=${role.id}`,
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  await t.db.query(
    "insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity) values ($1, $2, 'app-secret', 'sso_ticket,refresh_token', 'all', 600, 1200)",
    [Date.now(), `app${run}`],
  );
  appBasic = `Basic ${Buffer.from(`app${run}:app-secret`).toString('base64')}`;
});
afterAll(async () => {
  await t?.close();
});

describe('single sign-on by ticket', () => {
  it('issues a ticket to the app’s address; the app exchanges it once for a token of the user', async () => {
    const res = await ticketFor(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { ticket, url, expiresIn } = res.body.data;
    expect(expiresIn).toBe(60);
    expect(url).toBe(`https://app.example.org/sso?from=civdesk&ticket=${encodeURIComponent(ticket)}`);
    // Only a keyed hash of it is stored.
    const rows = await t.db.query<{ captcha_key: string; code: string }>(
      "select captcha_key, code from blade_captcha where captcha_key like 'sso:%'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => ticket.includes(r.code) || r.captcha_key.includes(ticket))).toBe(false);
    const answer = (await exchange(ticket)).json();
    expect(answer.account).toBe('admin');
    expect(answer.tenant_id).toBe('100001');
    expect(answer.client_id).toBe(`app${run}`);
    expect(await said(exchange(ticket))).toBe('票据无效或已过期');
    const logged = await t.db.query<{ message: string }>(
      "select message from blade_log_auth where event_type = 'login' and message = '单点登录票据' and tenant_id = '100001'",
    );
    expect(logged.length).toBe(1);
  });

  it('of concurrent uses of one ticket exactly one succeeds', async () => {
    const { ticket } = (await ticketFor(admin)).body.data;
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(ticket)));
    expect(answers.filter((a) => typeof a.json().access_token === 'string')).toHaveLength(1);
    expect(answers.filter((a) => a.json().error_description === '票据无效或已过期')).toHaveLength(5);
  });

  it('is bound to its app and tenant, expires, and cannot be forged', async () => {
    const other = await newApp(admin, `其他应用${run}`);
    const { ticket } = (await ticketFor(admin)).body.data;
    expect(await said(exchange(ticket, { appId: other }))).toBe('票据与应用不符');
    expect(await said(exchange(ticket, { tenantId: '000000' }))).toBe('票据与租户不符');
    // A ticket whose facts were changed (another user) loses the server's signature.
    const [body, mac] = ticket.split('.');
    const facts = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...facts, u: '1' })).toString('base64url')}.${mac}`;
    expect(await said(exchange(forged))).toBe('票据无效或已过期');
    // The refusals above did not use it up: it still works for its own app, in time.
    expect((await exchange(ticket)).json().account).toBe('admin');
    const late = (await ticketFor(admin)).body.data.ticket;
    await t.db.query("update blade_captcha set expire_time = now() - interval '1 second' where captcha_key like 'sso:%'");
    expect(await said(exchange(late))).toBe('票据无效或已过期');
    const gone = (await ticketFor(admin)).body.data.ticket;
    await t.call(admin, { method: 'GET', url: `${APP}/cusRomve?ids=${appId}` });
    expect(await said(exchange(gone))).toBe('应用不存在或已停用');
    appId = await newApp(admin, `票据应用二${run}`);
    const [role] = await t.db.query<{ id: string }>(
      "select id::text from blade_role where tenant_id = '100001' and role_alias = 'admin' and is_deleted = 0",
    );
    await t.call(admin, { method: 'POST', url: `/api/dw-third-app/dwThirdAppPermission/batchBind?appId=${appId}&roleIds=${role.id}` });
  });

  it('issues tickets only for apps the caller’s roles may use, of their own tenant', async () => {
    const refused = await ticketFor(auditor);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('应用不存在或无权使用');
    const stranger = await t.newTenant(`s${run.slice(-5)}`);
    expect((await ticketFor(stranger)).body.msg).toBe('应用不存在或无权使用');
    expect((await t.call(null, { method: 'POST', url: `/api/blade-auth/sso/ticket?appId=${appId}` })).status).toBe(401);
    expect((await t.call(admin, { method: 'POST', url: '/api/blade-auth/sso/ticket?appId=abc' })).status).toBe(400);
  });

  it('is exchanged by code too; only a client that lists sso_ticket may exchange', async () => {
    const { ticket } = (await ticketFor(admin)).body.data;
    expect((await exchange(ticket, { auth: await t.basic() })).json().error).toBe('unauthorized_client');
    const byCode = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/sso/by-code',
      query: { code: ticket, appId },
      headers: { authorization: appBasic },
    });
    expect(byCode.json().data.account).toBe('admin');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/blade-auth/sso/by-code',
          query: { code: ticket, appId },
          headers: { authorization: appBasic },
        })
      ).json(),
    ).toMatchObject({ code: 400, msg: '票据无效或已过期' });
    expect(await said(exchange(ticket))).toBe('票据无效或已过期');
  });
});
