import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, PLATFORM_ADMIN } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { baseURL, openBrowser } from '../support/browser.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';

// Single sign-on by ticket, end to end: a registered third-party application (a small HTTP server
// of this test, with its own OAuth client) is opened from the home page; it receives a ticket on
// its sign-in address, exchanges it at the token endpoint and greets the user it got.
const APP = '/api/dw-third-app/dwThirdApp';
let browser: Browser;
let admin: Page;
let thirdParty: Server;
let appId = '';
const clientId = `sso${uniq()}`.slice(0, 20);
const clientSecret = `secret-${uniq()}`;
const exchanged: string[] = [];

function startThirdParty(): Promise<string> {
  thirdParty = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // Only the sign-in address exchanges tickets (the browser also asks for a favicon).
    if (url.pathname !== '/sso') return void res.writeHead(404).end();
    const ticket = url.searchParams.get('ticket') ?? '';
    const query = new URLSearchParams({ grant_type: 'sso_ticket', ticket, appId });
    const answer = await fetch(`${baseURL()}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    }).then((r) => r.json() as Promise<{ account?: string; error_description?: string }>);
    exchanged.push(ticket);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<p id="who">${answer.account ? `你好 ${answer.account}` : `拒绝: ${answer.error_description}`}</p>`);
  });
  return new Promise((resolve) =>
    thirdParty.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(thirdParty.address() as { port: number }).port}`)),
  );
}

beforeAll(async () => {
  browser = await openBrowser();
  const appBase = await startThirdParty();
  const platform = await apiSignIn(PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId);
  const client = await api('/api/blade-system/client/submit', {
    method: 'POST',
    token: platform,
    json: {
      clientId,
      clientSecret,
      authorizedGrantTypes: 'sso_ticket',
      scope: 'all',
      accessTokenValidity: 600,
      refreshTokenValidity: 1200,
    },
  });
  expect(client.body.code, JSON.stringify(client.body)).toBe(200);
  admin = await signedInPage(browser, 'admin', 'admin', DEMO_TENANT);
  const made = await apiCall(admin, 'POST', `${APP}/submit`, {
    appName: `单点${uniq()}`.slice(0, 12),
    loginUrl: `${appBase}/sso`,
    loginOutApi: `${appBase}/logout`,
    note: '单点登录测试应用',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  appId = String(made.body.data.id);
  const roles = (await apiCall(admin, 'GET', '/api/blade-system/role/list')).body.data as { id: string; roleAlias: string }[];
  const role = roles.find((r) => r.roleAlias === 'admin');
  const bound = await apiCall(admin, 'POST', `/api/dw-third-app/dwThirdAppPermission/batchBind?appId=${appId}&roleIds=${role?.id}`);
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
});
afterAll(async () => {
  if (appId) await apiCall(admin, 'GET', `${APP}/cusRomve?ids=${appId}`);
  await browser?.close();
  await new Promise((r) => thirdParty?.close(r));
});

describe('single sign-on by ticket in the browser', () => {
  it('opens a registered app from the home page signed in as the user; its ticket works once', async () => {
    await admin.goto('/wel/index');
    const link = admin.getByTestId(`my-app-${appId}`);
    await link.waitFor();
    const [popup] = await Promise.all([admin.context().waitForEvent('page'), link.click()]);
    await popup.waitForURL(/\/sso\?ticket=/);
    await popup.locator('#who').waitFor();
    expect(await popup.locator('#who').innerText()).toBe('你好 admin');
    // The same address opened again (a copied link) is refused: the ticket was used.
    await popup.reload();
    expect(await popup.locator('#who').innerText()).toBe('拒绝: 票据无效或已过期');
    expect(exchanged).toHaveLength(2);
    await popup.close();
  });
});
