import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ca, type Issued, issue, newCa } from '../../apps/server/test/helpers/certificates.ts';
import { DEMO_TENANT, PLATFORM_ADMIN } from '../support/accounts.ts';
import { api, apiSignIn, md5 } from '../support/api.ts';
import { openBrowser, reducedMotion } from '../support/browser.ts';

// Digital-certificate sign-in in the browser: a server of this file's own, started as `npm start`
// starts it with the TLS_* settings, so its HTTPS listener asks for a client certificate; Chromium
// presents one the test issued (Playwright's client certificates, no certificate store needed) on
// the login page's 证书登录 tab.
const root = new URL('../..', import.meta.url).pathname;
let browser: Browser;
let child: ChildProcess;
let base: string;
let secure: string;
let dataDir: string;
let ca: Ca;
let person: Issued;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/** The web client may use grant certificate: the platform administrator adds it (after its first password change). */
async function allowCertificateGrant() {
  const { account, tenantId, initialPassword, password } = PLATFORM_ADMIN;
  const first = await apiSignIn(account, initialPassword, tenantId, base);
  const changed = await api('/api/blade-user/update-password', {
    base,
    method: 'POST',
    token: first,
    query: { oldPassword: md5(initialPassword), newPassword: md5(password), newPassword1: md5(password) },
  });
  const token = (changed.body.data as { access_token: string }).access_token;
  const found = await api('/api/blade-system/client/page', { base, token, query: { clientId_equal: 'saber' } });
  const saber = (found.body.data as { records: { id: string; authorizedGrantTypes: string }[] }).records[0];
  const saved = await api('/api/blade-system/client/submit', {
    base,
    method: 'POST',
    token,
    json: { id: saber.id, authorizedGrantTypes: `${saber.authorizedGrantTypes},certificate` },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'civdesk-e2e-cert-'));
  const [port, tlsPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  secure = `https://127.0.0.1:${tlsPort}`;
  const server = await newCa('127.0.0.1');
  writeFileSync(join(dataDir, 'tls.crt'), server.pem);
  writeFileSync(join(dataDir, 'tls.key'), server.keyPem);
  ca = await newCa('E2E测试CA');
  person = await issue(ca, 'CN=管理员, O=E2E测试单位');
  child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_MODE: 'off',
      SEED_TOWNS: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      TLS_PORT: String(tlsPort),
      TLS_CERT_FILE: join(dataDir, 'tls.crt'),
      TLS_KEY_FILE: join(dataDir, 'tls.key'),
    },
  });
  browser = await openBrowser();
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`${base}/api/civdesk/web-config`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  await allowCertificateGrant();
  // The demo tenant's administrator trusts the CA and binds the certificate to its own account.
  const admin = await apiSignIn('admin', 'admin', DEMO_TENANT, base);
  const trusted = await api('/api/blade-system/cert-ca/submit', {
    base,
    method: 'POST',
    token: admin,
    json: { caName: 'E2E测试CA', certificate: ca.pem, enabled: 2 },
  });
  expect(trusted.status, JSON.stringify(trusted.body)).toBe(200);
  const bound = await api('/api/blade-system/cert-binding/submit', {
    base,
    method: 'POST',
    token: admin,
    json: { account: 'admin', issuer: ca.cert.subject, serialNumber: person.cert.serialNumber },
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
}, 200_000);
afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('certificate sign-in in the browser', () => {
  it('signs in on the 证书登录 tab with the certificate the browser presents over TLS', async () => {
    const context = await browser.newContext({
      baseURL: secure,
      locale: 'zh-CN',
      viewport: { width: 1280, height: 860 },
      ignoreHTTPSErrors: true, // the listener's certificate is the test's own
      reducedMotion,
      clientCertificates: [{ origin: secure, cert: Buffer.from(person.pem), key: Buffer.from(person.keyPem) }],
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-method-cert').click();
    await page.getByTestId('field-tenantId').fill(DEMO_TENANT);
    await page.getByTestId('btn-cert-login').click();
    await page.getByTestId('user-name').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await context.close();
  });

  it('without a certificate the page works and the tab says what is missing', async () => {
    const context = await browser.newContext({ baseURL: secure, locale: 'zh-CN', ignoreHTTPSErrors: true, reducedMotion });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-method-cert').click();
    await page.getByTestId('field-tenantId').fill(DEMO_TENANT);
    await page.getByTestId('btn-cert-login').click();
    await page.getByText('未提供客户端证书，请插入证书介质后重试').waitFor();
    await context.close();
  });
});
