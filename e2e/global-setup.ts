import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module shared with npm start
import { ensureWebBuilt } from '../scripts/build-web.mjs';
import { PLATFORM_ADMIN } from './support/accounts.ts';
import { api, apiSignIn, md5 } from './support/api.ts';
import { startChromium } from './support/browser.ts';

const root = new URL('..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitReady(url: string, child: ChildProcess, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${ms} ms`);
}

/**
 * The first sign-in of the platform administrator: it must change its initial password. Then the
 * per-address sign-in throttle is raised, since every test signs in from the same address.
 */
async function prepareServer(base: string) {
  const { account, tenantId, initialPassword, password } = PLATFORM_ADMIN;
  const first = await apiSignIn(account, initialPassword, tenantId, base);
  const changed = await api('/api/blade-user/update-password', {
    base,
    method: 'POST',
    token: first,
    query: { oldPassword: md5(initialPassword), newPassword: md5(password), newPassword1: md5(password) },
  });
  if (changed.body.code !== 200) throw new Error('the platform administrator could not change its initial password');
  // Every browser test signs in from 127.0.0.1: the per-address throttle and the captcha asked
  // after failures (tested on the server) would otherwise add up the wrong passwords of unrelated tests.
  const token = (changed.body.data as { access_token: string }).access_token;
  for (const key of ['account.ipFailCount', 'account.captchaAfter']) {
    const found = await api('/api/blade-system/param/page', { base, token, query: { paramKey_equal: key } });
    const param = (found.body.data as { records: { id: string }[] }).records[0];
    const set = await api('/api/blade-system/param/submit', { base, method: 'POST', token, json: { id: param.id, paramValue: '1000' } });
    if (set.body.code !== 200) throw new Error(`could not raise ${key} for the browser tests`);
  }
}

/**
 * The browser tests run against the built app served by the real server, exactly as `npm start`
 * runs it, on a fresh embedded database (captcha off so the tests can sign in), in one Chromium
 * that every test file connects to.
 */
export default async function setup(project: { provide: (k: string, v: string) => void }) {
  ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'civdesk-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_MODE: 'off',
      SEED_TOWNS: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
  });
  // Chromium starts while the server does; awaited below (a failure then is not an unhandled one).
  const chromium = startChromium();
  chromium.catch(() => {});
  const baseURL = `http://127.0.0.1:${port}`;
  await waitReady(`${baseURL}/api/civdesk/web-config`, child, 180_000);
  await prepareServer(baseURL);
  project.provide('baseURL', baseURL);
  project.provide('chromiumEndpoint', (await chromium).wsEndpoint());
  return async () => {
    await (await chromium).close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
