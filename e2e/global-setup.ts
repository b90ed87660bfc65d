import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module shared with npm start
import { ensureWebBuilt } from '../scripts/build-web.mjs';
import { PLATFORM_ADMIN } from './accounts.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

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

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * The first sign-in of the platform administrator: it must change its initial password. Then the
 * per-address sign-in throttle is raised, since every test signs in from the same address.
 */
async function prepareServer(baseURL: string) {
  const config = (await (await fetch(`${baseURL}/api/civdesk/web-config`)).json()).data;
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
  const { account, tenantId, initialPassword, password } = PLATFORM_ADMIN;
  const q = new URLSearchParams({ grant_type: 'password', username: account, password: md5(initialPassword), scope: 'all' });
  const signedIn = await (
    await fetch(`${baseURL}/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { authorization: basic, 'tenant-id': tenantId } })
  ).json();
  if (!signedIn.access_token) throw new Error(`the platform administrator could not sign in: ${JSON.stringify(signedIn)}`);
  const change = new URLSearchParams({ oldPassword: md5(initialPassword), newPassword: md5(password), newPassword1: md5(password) });
  const res = await fetch(`${baseURL}/api/blade-user/update-password?${change}`, {
    method: 'POST',
    headers: { authorization: basic, 'blade-auth': `bearer ${signedIn.access_token}` },
  });
  const changed = await res.json();
  if (changed.code !== 200) throw new Error('the platform administrator could not change its initial password');
  // Every browser test signs in from 127.0.0.1: the per-address throttle (tested on the server)
  // would otherwise add up the wrong passwords of unrelated tests.
  const auth = { authorization: basic, 'blade-auth': `bearer ${changed.data.access_token}`, 'content-type': 'application/json' };
  const found = await (await fetch(`${baseURL}/api/blade-system/param/page?paramKey_equal=account.ipFailCount`, { headers: auth })).json();
  const param = found.data.records[0];
  const set = await fetch(`${baseURL}/api/blade-system/param/submit`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ id: param.id, paramValue: '1000' }),
  });
  if ((await set.json()).code !== 200) throw new Error('could not raise account.ipFailCount for the browser tests');
}

/**
 * The browser tests run against the built app served by the real server, exactly as `npm start`
 * runs it, on a fresh embedded database (captcha off so the tests can sign in).
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
  const baseURL = `http://127.0.0.1:${port}`;
  await waitReady(`${baseURL}/api/civdesk/web-config`, child, 180_000);
  await prepareServer(baseURL);
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
