import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { newPage, openBrowser } from '../support/browser.ts';

// Sign-in by phone code through the login page's 手机号登录 tab, on a server of this file's own
// (started as `npm start` starts it, in development) whose log this test reads: the development
// "log" provider writes each code there, which is how a person without an SMS gateway gets it.
const root = new URL('../..', import.meta.url).pathname;
let browser: Browser;
let child: ChildProcess;
let base: string;
let dataDir: string;
const logLines: string[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/** The code the log provider wrote for a phone, waiting for the line. */
async function loggedCode(phone: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    for (const line of [...logLines].reverse()) {
      if (!line.includes('smsLog')) continue;
      const entry = JSON.parse(line) as { smsLog?: { phone: string; code: string } };
      if (entry.smsLog?.phone === phone) return entry.smsLog.code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server logged no code for ${phone}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'civdesk-e2e-phone-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
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
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    logLines.push(...lines);
  });
  browser = await openBrowser();
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`${base}/api/civdesk/web-config`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the phone sign-in server did not start');
}, 200_000);
afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('phone code sign-in in the browser', () => {
  it('asks for a code on the 手机号登录 tab, reads it from the log provider and signs in', async () => {
    const phone = '13912345678';
    const token = await apiSignIn('caseworker', 'caseworker', DEMO_TENANT, base);
    const saved = await api('/api/blade-user/update-info', { base, method: 'POST', token, json: { phone } });
    expect(saved.body.code).toBe(200);

    const page = await newPage(browser, { base, width: 1280, height: 860 });
    await page.goto('/login');
    await page.getByTestId('login-method-phone').click();
    await page.getByTestId('field-tenantId').fill(DEMO_TENANT);
    // A wrong phone is refused on the page.
    await page.getByTestId('field-phone').fill('12345');
    await page.getByTestId('btn-send-code').click();
    await page.getByText('请输入正确的手机号码').waitFor();
    await page.getByTestId('field-phone').fill(phone);
    await page.getByTestId('btn-send-code').click();
    await page.getByText('若该手机号已绑定账号, 验证码已发送').waitFor();
    expect(await page.getByTestId('btn-send-code').textContent()).toMatch(/秒后重新获取/);
    const code = await loggedCode(phone);
    // A wrong code is refused with the server's message and nothing is stored.
    await page.getByTestId('field-phone-code').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('btn-phone-login').click();
    await page.getByText('验证码不正确或已过期').waitFor();
    await page.getByTestId('field-phone-code').fill(code);
    await page.getByTestId('btn-phone-login').click();
    await page.getByTestId('user-name').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await page.close();
  });
});
