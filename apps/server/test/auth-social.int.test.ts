import { createServer, type Server } from 'node:http';
import { socialProvider } from '@civdesk/resources';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../src/core/caller.ts';
import { insert } from '../src/crud/repository.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Social sign-in against a real OpenID Connect provider (the oidc-provider package, in this
// process, with its development login and consent pages): render → the provider → callback →
// grant social; binding and unbinding from the personal-info page; state, nonce and PKCE checked.
let t: TestApp;
let basic: string;
let idp: Server;
let issuer: string;
let user: TestUser;
const HOST = '127.0.0.1:8099';
const TENANT = '100001';
const run = Date.now().toString(36).slice(-6);
const callback = `http://${HOST}/api/blade-auth/oauth/callback/gov`;

/** Walks the provider's login and consent pages as a browser would, until it sends the browser to `stopAt`. */
async function atProvider(start: string, login: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  let init: RequestInit = {};
  for (let i = 0; i < 20; i++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(stopAt)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    const fields = new URLSearchParams();
    for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(tag)?.[1];
      if (name) fields.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? '');
    }
    fields.set('login', login);
    fields.set('password', 'any');
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    init = { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider did not send the browser back');
}

/** render → provider → callback, as one browser: the answer of the callback (where it sends the browser). */
async function roundTrip(login: string, o: { bind?: string; tamper?: (u: URL) => void; cookie?: (c: string) => string } = {}) {
  const renderUrl = o.bind ?? `/api/blade-auth/oauth/render/gov?tenantId=${TENANT}`;
  const rendered = await t.app.inject({ method: 'GET', url: renderUrl, headers: { host: HOST } });
  expect(rendered.statusCode, rendered.body).toBe(302);
  const cookie = String(rendered.headers['set-cookie']).split(';')[0];
  const back = await atProvider(String(rendered.headers.location), login, callback);
  o.tamper?.(back);
  const done = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host: HOST, cookie: o.cookie ? o.cookie(cookie) : cookie },
  });
  expect(done.statusCode).toBe(302);
  return new URL(String(done.headers.location), `http://${HOST}`);
}

const grant = (source: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { grant_type: 'social', source, code, scope: 'all' },
    headers: { authorization: basic, 'tenant-id': TENANT },
  });

beforeAll(async () => {
  // The issuer needs its port first: the server listens, then the provider answers its requests.
  idp = await new Promise<Server>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  issuer = `http://127.0.0.1:${(idp.address() as { port: number }).port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'civdesk',
        client_secret: 'civdesk-secret',
        redirect_uris: [callback],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, name: `名${id}`, email: `${id}@example.org` }) }),
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    pkce: { required: () => true },
  });
  idp.on('request', oidc.callback());
  t = await buildTestApp();
  // A client of this file's own: the web client's row stays as the seed made it.
  await t.db.query(
    "insert into blade_client (id, client_id, client_secret, authorized_grant_types, scope, access_token_validity, refresh_token_validity) values ($1, $2, 'so-secret', 'refresh_token,social', 'all', 600, 1200)",
    [Date.now() + 11, `social${run}`],
  );
  basic = `Basic ${Buffer.from(`social${run}:so-secret`).toString('base64')}`;
  await insert(
    t.db,
    socialProvider,
    { tz: 'UTC', caller: systemCaller(TENANT) },
    {
      source: 'gov',
      name: '政务身份认证',
      issuer,
      clientId: 'civdesk',
      clientSecret: 'civdesk-secret',
      scopes: 'openid profile email',
      status: 2,
    },
    TENANT,
  );
  await t.addUser(TENANT, `so${run}`, 'Social-pass1', { roleAlias: 'admin' });
  user = await t.as(`so${run}`, TENANT);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => idp?.close(r));
});

describe('social sign-in (OpenID Connect)', () => {
  it('lists the tenant’s providers; an unbound identity is told to register or bind', async () => {
    const listed = (await t.app.inject({ method: 'GET', url: `/api/blade-auth/oauth/providers?tenantId=${TENANT}` })).json();
    // This file's provider is listed.
    expect(listed.data).toContainEqual({ source: 'gov', name: '政务身份认证' });
    const landed = await roundTrip(`alice${run}`);
    expect(landed.pathname).toBe('/login');
    const refused = (await grant('gov', landed.searchParams.get('social') ?? '')).json();
    expect(refused.error).toBe('social_unbound');
  });

  it('binds on the personal-info page, then signs in once per round trip; unbinding ends it', async () => {
    const bindUrl = await t.call(user, { method: 'POST', url: '/api/blade-auth/oauth/bind-url/gov' });
    expect(bindUrl.status, JSON.stringify(bindUrl.body)).toBe(200);
    const bound = await roundTrip(`bob${run}`, { bind: bindUrl.body.data.url });
    expect(bound.pathname).toBe('/info/index');
    expect(bound.searchParams.get('bound')).toBe('gov');
    const bindings = (await t.call(user, { method: 'GET', url: '/api/blade-auth/oauth/bindings' })).body.data;
    expect(bindings.filter((b: { source: string }) => b.source === 'gov')).toEqual([
      { source: 'gov', name: '政务身份认证', bound: true, username: `名bob${run}` },
    ]);
    const landed = await roundTrip(`bob${run}`);
    const code = landed.searchParams.get('social') ?? '';
    const signedIn = (await grant('gov', code)).json();
    expect(signedIn.account).toBe(`so${run}`);
    expect((await grant('gov', code)).json().error_description).toBe('第三方登录凭证无效或已过期');
    const logged = await t.db.query("select 1 from blade_log_auth where account = $1 and event_type = 'login' and message = '第三方登录'", [
      `so${run}`,
    ]);
    expect(logged.length).toBe(1);
    // Another user cannot bind the same identity.
    const other = await t.as('caseworker', TENANT);
    const taken = await roundTrip(`bob${run}`, {
      bind: (await t.call(other, { method: 'POST', url: '/api/blade-auth/oauth/bind-url/gov' })).body.data.url,
    });
    expect(taken.searchParams.get('socialError')).toBe('该第三方账号已绑定其他账号');
    expect((await t.call(user, { method: 'POST', url: '/api/blade-auth/oauth/unbind/gov' })).body.msg).toBe('解绑成功');
    const after = await roundTrip(`bob${run}`);
    expect((await grant('gov', after.searchParams.get('social') ?? '')).json().error).toBe('social_unbound');
  });

  it('refuses a changed state, a missing round-trip cookie and a ticket of another source or tenant', async () => {
    const badState = await roundTrip(`carol${run}`, { tamper: (u) => u.searchParams.set('state', 'forged') });
    expect(badState.searchParams.get('socialError')).toBe('第三方登录失败,请重试');
    const noCookie = await roundTrip(`carol${run}`, { cookie: () => 'civdesk-oidc=' });
    expect(noCookie.searchParams.get('socialError')).toBe('第三方登录已过期,请重试');
    const landed = await roundTrip(`carol${run}`);
    const code = landed.searchParams.get('social') ?? '';
    expect((await grant('other', code)).json().error_description).toBe('第三方登录凭证无效或已过期');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { grant_type: 'social', source: 'gov', code },
      headers: { authorization: basic, 'tenant-id': '000000' },
    });
    expect(foreign.json().error_description).toBe('第三方登录凭证与租户不符');
    expect((await t.app.inject({ method: 'GET', url: `/api/blade-auth/oauth/render/nope?tenantId=${TENANT}` })).json().msg).toBe(
      '第三方登录来源不存在或未启用',
    );
  });
});
