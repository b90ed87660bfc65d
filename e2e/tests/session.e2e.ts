import { createServer } from 'node:net';
import { type Db, migrate, openDb } from '@civdesk/db';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { seedIfEmpty } from '../../apps/server/src/seed/index.ts';
import { api, apiSignIn, baseURL, launch } from '../support.ts';

// Sign-in through the browser (issue 3): captcha, the refusal messages, lockout, and the
// initial-password redirect to /changepwd.
let browser: Browser;
const run = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function loginPage(base = baseURL()): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto('/login');
  return page;
}

async function fill(page: Page, account: string, password: string, tenantId = '100001') {
  await page.getByTestId('field-tenantId').fill(tenantId);
  await page.getByTestId('field-username').fill(account);
  await page.getByTestId('field-password').fill(password);
}

describe('lockout', () => {
  it('shows the lockout message after account.failCount failures, until an administrator unlocks', async () => {
    const caseworkerId = JSON.parse(
      Buffer.from((await apiSignIn('caseworker', 'caseworker', '100001')).split('.')[1], 'base64url').toString(),
    ).user_id;
    // Four failures through the API, the fifth and the locked sixth through the sign-in page.
    for (let i = 0; i < 4; i++) {
      const res = await api('/api/blade-auth/oauth/token', {
        method: 'POST',
        tenantId: '100001',
        query: { grant_type: 'password', username: 'caseworker', password: `wrong${i}`, scope: 'all' },
      });
      expect(res.body.error_description).toBe('用户名或密码错误');
    }
    const page = await loginPage();
    await fill(page, 'caseworker', 'still-wrong');
    await page.getByTestId('btn-login').click();
    await page.getByText('用户名或密码错误').first().waitFor();
    await fill(page, 'caseworker', 'caseworker');
    await page.getByTestId('btn-login').click();
    await page.getByText('登录错误次数过多,请稍后再试').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    const admin = await apiSignIn('admin', 'admin', '100001');
    expect((await api('/api/blade-user/unlock', { method: 'POST', token: admin, query: { userIds: caseworkerId } })).status).toBe(200);
    await page.getByTestId('btn-login').click();
    await page.getByTestId('user-name').waitFor();
    await page.context().close();
  });
});

describe('initial password', () => {
  it('sends a user on an initial password to /changepwd with the warning; after the change it reaches home', async () => {
    const account = `guest${run}`;
    const registered = await api('/api/blade-user/register-guest', {
      method: 'POST',
      query: { tenantId: '100001', name: '访客', account, password: 'e10adc3949ba59abbe56e057f20f883e' },
    });
    expect(registered.body.msg).toBe('注册申请已提交,请耐心等待管理员通过!');
    const admin = await apiSignIn('admin', 'admin', '100001');
    const pending = (await api('/api/blade-user/b/userAudit/page', { token: admin, query: { account } })).body.data as {
      records: { id: string }[];
    };
    const id = pending.records[0].id;
    const roles = (await api('/api/blade-system/role/select', { token: admin })).body.data as { id: string; roleAlias: string }[];
    const auditor = roles.find((r) => r.roleAlias === 'auditor')?.id as string;
    expect(
      (await api('/api/blade-user/b/userAudit/auditPass', { method: 'POST', token: admin, query: { ids: id, roleIds: auditor } })).status,
    ).toBe(200);
    // The administrator resets it to account.initPassword (123456), flagged as initial.
    expect((await api('/api/blade-user/reset-password', { method: 'POST', token: admin, query: { userIds: id } })).status).toBe(200);

    const page = await loginPage();
    await fill(page, account, '123456');
    await page.getByTestId('btn-login').click();
    await page.waitForURL('**/changepwd');
    await page.getByTestId('initial-warning').getByText('请修改初始密码').waitFor();
    // Nothing else opens until the password is changed.
    await page.goto('/system/post');
    await page.waitForURL('**/changepwd');
    await page.getByTestId('field-oldPassword').fill('123456');
    await page.getByTestId('field-newPassword').fill('Guest-e2e-pass1');
    await page.getByTestId('field-newPassword1').fill('Guest-e2e-pass1');
    await page.getByTestId('btn-change-password').click();
    await page.waitForURL('**/wel/index');
    await page.getByTestId('user-name').waitFor();
    await page.context().close();
    expect(await apiSignIn(account, 'Guest-e2e-pass1', '100001')).toBeTruthy();
  });
});

describe('captcha (a second server with captcha mode on)', () => {
  let db: Db;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    db = await openDb({ memory: true });
    await migrate(db);
    await seedIfEmpty(db, { demo: true, towns: false });
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    app = await buildApp({ db, config: { ...loadConfig({ NODE_ENV: 'development' }), captchaMode: true, logLevel: 'warn' } });
    await app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const codeOf = async (key: string) =>
    (await db.query<{ code: string }>('select code from blade_captcha where captcha_key = $1', [key]))[0].code;

  it('shows the captcha image, refreshes it on click, refuses a wrong code and signs in with the right one', async () => {
    const context = await browser.newContext({ baseURL: base, locale: 'zh-CN' });
    const page = await context.newPage();
    const captcha = () => page.waitForResponse((r) => r.url().endsWith('/api/blade-auth/oauth/captcha'));
    const first = captcha();
    await page.goto('/login');
    const key1 = (await (await first).json()).key;
    const image = page.getByTestId('captcha-image');
    await image.waitFor();
    const src1 = await image.getAttribute('src');
    expect(src1).toMatch(/^data:image\/svg\+xml;base64,/);

    const second = captcha();
    await page.getByTestId('captcha-refresh').click();
    const key2 = (await (await second).json()).key;
    expect(key2).not.toBe(key1);
    await expect.poll(() => image.getAttribute('src')).not.toBe(src1);

    await fill(page, 'auditor', 'auditor');
    await page.getByTestId('field-captcha').fill('wrong');
    const third = captcha();
    await page.getByTestId('btn-login').click();
    await page.getByText('验证码不正确').first().waitFor();
    // A captcha is good for one try: the page fetched a new one.
    const key3 = (await (await third).json()).key;
    await page.getByTestId('field-captcha').fill((await codeOf(key3)).toUpperCase());
    await page.getByTestId('btn-login').click();
    await page.waitForURL('**/wel/index');
    await page.getByTestId('user-name').waitFor();
    await context.close();
  });

  it('with captcha mode on the web client cannot skip it with grant password', async () => {
    const res = await api('/api/blade-auth/oauth/token', {
      base,
      method: 'POST',
      tenantId: '100001',
      query: { grant_type: 'password', username: 'auditor', password: 'x', scope: 'all' },
    });
    expect(res.body.error).toBe('unauthorized_client');
  });
});
