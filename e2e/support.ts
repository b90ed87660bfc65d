import { createHash } from 'node:crypto';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { PLATFORM_ADMIN } from './accounts.ts';

// Debian's Chromium, started the way these machines need (no network fetches at start-up).
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseURL = () => inject('baseURL');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    // Playwright gives every launch a new empty profile of its own.
    args: chromiumFlags,
  });
}

/**
 * A fresh page signed in through the real sign-in screen; by default as the platform administrator,
 * whose initial password global-setup has already changed.
 */
export async function signedInPage(
  browser: Browser,
  account = PLATFORM_ADMIN.account,
  password = PLATFORM_ADMIN.password,
  tenantId = PLATFORM_ADMIN.tenantId,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('field-tenantId').fill(tenantId);
  await page.getByTestId('field-username').fill(account);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('btn-login').click();
  await page.getByTestId('user-name').waitFor();
  return page;
}

/** A screenshot of a page where a test failed, kept with the test artefacts (git-ignored). */
export async function failureShot(page: Page, name: string): Promise<void> {
  const file = `e2e/artifacts/failed/${name.replace(/[^\w\u4e00-\u9fa5-]+/g, '-').slice(0, 120)}.png`;
  await page.screenshot({ path: file }).catch(() => undefined);
}

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** A call to the server under test, as an API client would make it (Basic client header, optional token and JSON body). */
export async function api(
  path: string,
  opts: { method?: string; token?: string; query?: Record<string, string>; tenantId?: string; base?: string; json?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> & { data?: unknown } }> {
  const base = opts.base ?? baseURL();
  const config = (await (await fetch(`${base}/api/civdesk/web-config`)).json()).data;
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
  };
  if (opts.token) headers['blade-auth'] = `bearer ${opts.token}`;
  if (opts.tenantId) headers['tenant-id'] = opts.tenantId;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}${opts.query ? `?${new URLSearchParams(opts.query)}` : ''}`, {
    method: opts.method ?? 'GET',
    headers,
    ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

/** Signs in through the token endpoint (grant password: the e2e server runs with captcha off). */
export async function apiSignIn(account: string, password: string, tenantId: string): Promise<string> {
  const res = await api('/api/blade-auth/oauth/token', {
    method: 'POST',
    tenantId,
    query: { grant_type: 'password', username: account, password: md5(password), scope: 'all' },
  });
  if (typeof res.body.access_token !== 'string') throw new Error(`${account}@${tenantId} could not sign in: ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

/**
 * A second server for the modes the shared one runs without (switch mode, captcha mode): the real
 * app on a free port, in this test process, on a fresh in-memory database with the demo data. The
 * test owns that database, so it can read what only the server knows (a captcha's code) the way a
 * person reads the image.
 */
export async function startModeServer(modes: { switchMode?: boolean; captchaMode?: boolean }) {
  // Imported here so the other test files do not load the server.
  const { migrate, openDb } = await import('@civdesk/db');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { seedIfEmpty } = await import('../apps/server/src/seed/index.ts');
  const { createServer } = await import('node:net');
  const db = await openDb({ memory: true });
  await migrate(db);
  await seedIfEmpty(db, { demo: true, towns: false, passwordGrant: !modes.captchaMode });
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const config = { ...loadConfig({ NODE_ENV: 'development' }), logLevel: 'warn', ...modes };
  const app = await buildApp({ db, config });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${port}`,
    /** The code of a captcha the server issued (lower case, as stored). */
    captchaCode: async (key: string) =>
      (await db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [key]))[0]?.code,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
