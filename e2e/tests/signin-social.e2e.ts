import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { baseURL, newPage, openBrowser } from '../support/browser.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';

// Social sign-in in the browser against a real OpenID Connect provider (oidc-provider, started in
// this test with its development login and consent pages): the platform administrator binds an
// identity on the personal-info page, then signs in with it from the login page.
let browser: Browser;
let idp: Server;
const source = `e2e-${uniq().toLowerCase()}`;
const login = `person-${uniq()}`;

/** At the provider: type the login (any password) or confirm consent, until the browser is back. */
async function passProvider(page: Page, issuer: string) {
  for (let i = 0; i < 6 && page.url().startsWith(issuer); i++) {
    const field = page.locator('input[name="login"]');
    if (await field.count()) {
      await field.fill(login);
      await page.locator('input[name="password"]').fill('any-password');
    }
    const before = page.url();
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((u) => u.href !== before);
  }
}

beforeAll(async () => {
  browser = await openBrowser();
  idp = await new Promise<Server>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const issuer = `http://127.0.0.1:${(idp.address() as { port: number }).port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'civdesk-e2e',
        client_secret: 'civdesk-e2e-secret',
        redirect_uris: [`${baseURL()}/api/blade-auth/oauth/callback/${source}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, name: id }) }),
    claims: { openid: ['sub'], profile: ['name'] },
  });
  idp.on('request', oidc.callback());
  const token = await apiSignIn(PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId);
  const made = await api('/api/blade-system/social-provider/submit', {
    method: 'POST',
    token,
    json: {
      source,
      name: '测试身份认证',
      issuer,
      clientId: 'civdesk-e2e',
      clientSecret: 'civdesk-e2e-secret',
      scopes: 'openid profile',
      status: 2,
    },
  });
  expect(made.body.code, JSON.stringify(made.body)).toBe(200);
  // The web app's client may use the social grant.
  const clients = await api('/api/blade-system/client/page', { token, query: { clientId: 'saber' } });
  const saber = (clients.body.data as { records: { id: string; authorizedGrantTypes: string }[] }).records[0];
  if (!saber.authorizedGrantTypes.split(',').includes('social')) {
    const set = await api('/api/blade-system/client/submit', {
      method: 'POST',
      token,
      json: { id: saber.id, authorizedGrantTypes: `${saber.authorizedGrantTypes},social` },
    });
    expect(set.body.code, JSON.stringify(set.body)).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => idp?.close(r));
});

describe('social sign-in in the browser', () => {
  it('binds an identity on the personal-info page, then signs in with it from the login page', async () => {
    const issuer = `http://127.0.0.1:${(idp.address() as { port: number }).port}`;
    const admin = await signedInPage(browser);
    await admin.goto('/info/index');
    await admin.getByTestId('info-tab-social').click();
    await admin.getByTestId(`social-bind-${source}`).click();
    await admin.waitForURL((u) => u.href.startsWith(issuer));
    await passProvider(admin, issuer);
    await admin.waitForURL(/\/info\/index/);
    await admin.getByTestId('info-tab-social').click();
    await admin.getByTestId(`social-unbind-${source}`).waitFor();
    await admin.close();

    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('field-tenantId').fill(PLATFORM_ADMIN.tenantId);
    await page.getByTestId(`social-login-${source}`).click();
    await page.waitForURL((u) => u.href.startsWith(issuer));
    await passProvider(page, issuer);
    await page.getByTestId('user-name').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await page.close();
  });
});
