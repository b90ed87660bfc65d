import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { newPage, openBrowser } from '../support/browser.ts';
import { type ModeServer, startModeServer } from '../support/mode-server.ts';
import { fillSignIn } from '../support/sign-in.ts';

// Sign-in through the browser: captcha, the refusal messages, lockout, and the initial-password
// redirect to /changepwd.
let browser: Browser;
const run = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

async function loginPage(): Promise<Page> {
  const page = await newPage(browser, { width: 1280, height: 860 });
  await page.goto('/login');
  return page;
}

const fill = (page: Page, account: string, password: string) => fillSignIn(page, account, password, DEMO_TENANT);

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
  let server: ModeServer;

  beforeAll(async () => {
    server = await startModeServer({ captchaMode: true });
  }, 180_000);
  afterAll(() => server?.close());

  it('shows the captcha image, refreshes it on click, refuses a wrong code and signs in with the right one', async () => {
    const page = await newPage(browser, { base: server.base, width: 1280, height: 720 });
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
    await page.getByTestId('field-captcha').fill((await server.captchaCode(key3)).toUpperCase());
    await page.getByTestId('btn-login').click();
    await page.waitForURL('**/wel/index');
    await page.getByTestId('user-name').waitFor();
    await page.context().close();
  });

  it('with captcha mode on the web client cannot skip it with grant password', async () => {
    const res = await api('/api/blade-auth/oauth/token', {
      base: server.base,
      method: 'POST',
      tenantId: '100001',
      query: { grant_type: 'password', username: 'auditor', password: 'x', scope: 'all' },
    });
    expect(res.body.error).toBe('unauthorized_client');
  });
});
