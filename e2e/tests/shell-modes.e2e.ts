import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { newPage, openBrowser } from '../support/browser.ts';
import { type ModeServer, startModeServer } from '../support/mode-server.ts';

// The shell in the modes the shared test server runs without: switch mode (department/role
// switch) and captcha mode, on a second server of this file's own with both on.
let browser: Browser;
let server: ModeServer;
const run = Date.now().toString(36).slice(-6);
const TENANT = DEMO_TENANT;

beforeAll(async () => {
  [browser, server] = await Promise.all([openBrowser(), startModeServer({ switchMode: true, captchaMode: true })]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the server's JSON answers, read by each caller in its own shape
async function call(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const res = await api(path, { base: server.base, method, token, json: body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const tokenClaims = (page: Page) =>
  page.evaluate(() => {
    const token = JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string;
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload)) as { dept_id: string; role_id: string };
  });

async function loginPage(): Promise<{ page: Page; captchaKey: () => Promise<string> }> {
  const page = await newPage(browser, { base: server.base, width: 1280, height: 860 });
  const arm = () => {
    const p = page.waitForResponse((r) => r.url().endsWith('/api/blade-auth/oauth/captcha'));
    p.catch(() => {}); // the last one is still waiting when the page closes
    return p;
  };
  let next = arm();
  await page.goto('/login');
  // The key of the captcha shown last (each one replaces the one before).
  const captchaKey = async () => {
    const key = (await (await next).json()).key as string;
    next = arm();
    return key;
  };
  return { page, captchaKey };
}

describe('captcha mode', () => {
  it('shows the image, refreshes it on click, and on a wrong code shows the server message and stores nothing', async () => {
    const { page, captchaKey } = await loginPage();
    const key1 = await captchaKey();
    const image = page.getByTestId('captcha-image');
    await image.waitFor();
    const src1 = await image.getAttribute('src');
    expect(src1).toMatch(/^data:image\/svg\+xml;base64,/);

    await page.getByTestId('captcha-refresh').click();
    const key2 = await captchaKey();
    expect(key2).not.toBe(key1);
    await expect.poll(() => image.getAttribute('src')).not.toBe(src1);

    // An empty captcha is caught in the page; a wrong one by the server.
    await page.getByTestId('field-tenantId').fill(TENANT);
    await page.getByTestId('field-username').fill('auditor');
    await page.getByTestId('field-password').fill('auditor');
    await page.getByTestId('btn-login').click();
    await page.getByText('请输入验证码').first().waitFor();
    const right = await server.captchaCode(key2);
    await page.getByTestId('field-captcha').fill(right === 'xxxxx' ? 'yyyyy' : 'xxxxx');
    const refused = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/token'));
    await page.getByTestId('btn-login').click();
    expect((await refused).status()).toBe(400);
    await page.getByText('验证码不正确').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const stored = await page.evaluate(() => ({
      local: Object.keys(localStorage).filter((k) => /token|userInfo/i.test(k)),
      cookies: document.cookie,
    }));
    expect(stored.local).toEqual([]);
    expect(stored.cookies).not.toMatch(/token/i);
    // A captcha is good for one try: the page shows a new one and empties the field.
    const key3 = await captchaKey();
    expect(key3).not.toBe(key2);
    expect(await page.getByTestId('field-captcha').inputValue()).toBe('');
    // The one the server issued last signs in (the code as a person reads it: any case).
    await page.getByTestId('field-captcha').fill((await server.captchaCode(key3)).toUpperCase());
    await page.getByTestId('btn-login').click();
    await page.getByTestId('user-name').waitFor();
    await page.context().close();
  });
});

/** A user of two departments and two roles (a new one each of them, named with `tag`). */
async function twoOfEach(tag: string) {
  const admin = await server.signIn('admin', 'admin');
  const dept = await call(admin, 'POST', '/api/blade-system/dept/submit', {
    parentId: '0',
    deptCode: `sw${tag}`,
    deptName: `切换部门${tag}`,
    fullName: `切换部门${tag}`,
    areaName: '全国',
  });
  const role = await call(admin, 'POST', '/api/blade-system/role/submit', {
    parentId: '0',
    roleName: `切换角色${tag}`,
    roleAlias: `switch${tag}`,
    sort: 9,
  });
  const roles = (await call(admin, 'GET', '/api/blade-system/role/select')) as { id: string; roleAlias: string }[];
  const auditor = String(roles.find((r) => r.roleAlias === 'auditor')?.id);
  const firstDept = String(((await call(admin, 'GET', '/api/blade-system/dept/select')) as { id: string }[])[0].id);
  const post = await call(admin, 'POST', '/api/blade-system/post/submit', {
    category: 1,
    postCode: `sw${tag}`,
    postName: `切换岗位${tag}`,
    sort: 1,
  });
  const account = `sw${tag}`;
  await call(admin, 'POST', '/api/blade-user/submit', {
    account,
    password: 'Switch-pass-1',
    userType: 1,
    name: '切换',
    realName: '切换用户',
    roleId: `${auditor},${role.id}`,
    deptId: `${firstDept},${dept.id}`,
    postId: String(post.id),
  });

  return { account, dept, role, firstDept };
}

describe('switch mode', () => {
  it('asks a user with two departments and roles to choose, both required; the refresh carries the choice', async () => {
    const { account, dept, role, firstDept } = await twoOfEach(run);
    // Sign in: with several departments and roles the dialog opens by itself.
    const { page, captchaKey } = await loginPage();
    await page.getByTestId('field-tenantId').fill(TENANT);
    await page.getByTestId('field-username').fill(account);
    await page.getByTestId('field-password').fill('Switch-pass-1');
    await page.getByTestId('field-captcha').fill(await server.captchaCode(await captchaKey()));
    await page.getByTestId('btn-login').click();
    await page.getByTestId('user-name').waitFor();
    const dialog = page.locator('.ant-modal').filter({ hasText: '切换部门/角色' });
    await dialog.waitFor();
    const before = await tokenClaims(page);
    expect(before.dept_id.split(',').sort()).toEqual([firstDept, String(dept.id)].sort());

    // Both are required: cleared, the dialog names what is missing and sends nothing.
    let tokenCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/blade-auth/oauth/token')) tokenCalls++;
    });
    for (const id of ['switch-dept', 'switch-role']) {
      const select = dialog.getByTestId(id);
      await select.hover();
      await select.locator('.ant-select-clear').click();
    }
    await page.getByTestId('switch-ok').click();
    await dialog.getByText('请选择部门').waitFor();
    await dialog.getByText('请选择角色').waitFor();
    expect(tokenCalls).toBe(0);

    // Choose the new department and role: the refresh sends them as Dept-Id / Role-Id.
    const choose = async (id: string, label: string) => {
      await dialog.getByTestId(id).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();
    };
    await choose('switch-dept', `切换部门${run}`);
    await choose('switch-role', `切换角色${run}`);
    const refresh = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/token'));
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('switch-ok').click();
    const request = await refresh;
    expect(new URL(request.url()).searchParams.get('grant_type')).toBe('refresh_token');
    expect(request.headers()['dept-id']).toBe(String(dept.id));
    expect(request.headers()['role-id']).toBe(String(role.id));
    await reloaded;
    await page.getByTestId('user-name').waitFor();
    expect(await tokenClaims(page)).toMatchObject({ dept_id: String(dept.id), role_id: String(role.id) });
    // The dialog opens only once after sign-in; the user menu offers it again, with the choice.
    expect(await dialog.count()).toBe(0);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-switch').click();
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('switch-dept').locator('.ant-select-selection-item').textContent()).toBe(`切换部门${run}`);
    await expect.poll(() => dialog.getByTestId('switch-role').locator('.ant-select-selection-item').textContent()).toBe(`切换角色${run}`);
    await page.context().close();
  });

  it('offers the account’s own departments and roles on the sign-in form, once account and password are typed', async () => {
    const tag = `f${run}`;
    const { account, dept, role } = await twoOfEach(tag);
    const { page, captchaKey } = await loginPage();
    await page.getByTestId('field-tenantId').fill(TENANT);
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    const empty = page.locator('.ant-select-dropdown:visible .ant-select-item-empty');
    // Nothing typed yet: the list says what to type first, and nothing is asked of the server.
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/oauth/switch-choices')) asked++;
    });
    await page.getByTestId('field-deptId').click();
    await expect.poll(() => empty.innerText()).toBe('请先输入账号、密码和验证码');
    await page.keyboard.press('Escape');
    expect(asked).toBe(0);

    // A wrong password: the server's refusal, no choices, and the captcha it used up is replaced.
    await page.getByTestId('field-username').fill(account);
    await page.getByTestId('field-password').fill('Wrong-pass-1');
    await page.getByTestId('field-captcha').fill(await server.captchaCode(await captchaKey()));
    const refused = page.waitForResponse((r) => r.url().includes('/oauth/switch-choices'));
    await page.getByTestId('field-deptId').click();
    expect((await (await refused).json()).msg).toBe('用户名或密码错误');
    await page.locator('.ant-message-notice').filter({ hasText: '用户名或密码错误' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('field-captcha').inputValue()).toBe('');

    // The right password: the user's two departments and roles, by name.
    await page.getByTestId('field-password').fill('Switch-pass-1');
    await page.getByTestId('field-captcha').fill(await server.captchaCode(await captchaKey()));
    await page.getByTestId('field-deptId').click();
    await options.filter({ hasText: `切换部门${tag}` }).waitFor();
    expect(await options.count()).toBe(2);
    await options.filter({ hasText: `切换部门${tag}` }).click();
    await page.getByTestId('field-roleId').click();
    await options.filter({ hasText: `切换角色${tag}` }).click();

    // Signing in sends them as Dept-Id / Role-Id; the session has them and the dialog stays shut.
    await page.getByTestId('field-captcha').fill(await server.captchaCode(await captchaKey()));
    const signIn = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/token'));
    await page.getByTestId('btn-login').click();
    const request = await signIn;
    expect(request.headers()['dept-id']).toBe(String(dept.id));
    expect(request.headers()['role-id']).toBe(String(role.id));
    await page.getByTestId('user-name').waitFor();
    expect(await tokenClaims(page)).toMatchObject({ dept_id: String(dept.id), role_id: String(role.id) });
    expect(await page.locator('.ant-modal').filter({ hasText: '切换部门/角色' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('Chinese webfont', () => {
  it('draws the sign-in page’s Chinese with the webfont, not as empty boxes of a Latin font', async () => {
    // Chromium keeps text laid out before its font subset arrived in the fallback font (Liberation
    // Sans here, which has no Chinese): the page must show its text only once the subsets are in.
    const { page } = await loginPage();
    await page.getByTestId('btn-login').waitFor();
    await page.waitForFunction(() => document.title.startsWith('Civdesk'));
    await page.evaluate(() => document.fonts.ready);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    for (const selector of ['.login-title', '.login-subtitle', '[data-testid="btn-login"] span', '[data-testid="btn-register"]']) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      expect(nodeId, selector).toBeGreaterThan(0);
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const text = await page.locator(selector).first().innerText();
      const han = [...text].filter((ch) => /\p{Script=Han}/u.test(ch)).length;
      // Every Chinese character is drawn by the bundled webfont (a custom font).
      const custom = fonts.filter((f) => f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
      expect(custom, `${selector} "${text}": ${JSON.stringify(fonts)}`).toBeGreaterThanOrEqual(han);
    }
    await page.context().close();
  });
});
