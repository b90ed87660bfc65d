import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, PLATFORM_ADMIN } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { baseURL, newPage, openBrowser } from '../support/browser.ts';
import { ARTIFACTS, expectAccessible, fontsLoaded, pathOf, tenantAdmin, waitPath } from '../support/shell.ts';
import { signIn } from '../support/sign-in.ts';

// The shell's routes (public pages, the signed-in redirects, menu entries that open a frame or carry
// a query) and the sign-in page's extras: related sites, the login title and guest registration.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());
const run = Date.now().toString(36).slice(-5);

describe('routes', () => {
  it('public pages open without a token; other paths go to /login', async () => {
    const page = await newPage(browser);
    for (const [p, id] of [
      ['/tips', 'page-tips'],
      ['/403', 'page-403'],
      ['/500', 'page-500'],
      ['/404', 'not-found'],
      ['/deploy', 'page-deploy'],
      ['/minor/library/achievements', 'page-achievements'],
    ]) {
      await page.goto(p);
      await page.getByTestId(id).waitFor();
      expect(pathOf(page), p).toBe(p);
    }
    await page.goto('/wel/index');
    await waitPath(page, '/login');
    await page.goto('/no/such/page');
    await waitPath(page, '/login');
    await page.goto('/lock');
    await waitPath(page, '/login');
    await page.context().close();
  });

  it('signed in: / → /wel/index, desk pages, unknown → /404, /login → /', async () => {
    const page = await tenantAdmin(browser);
    await page.goto('/');
    await waitPath(page, '/wel/index');
    await page.goto('/wel');
    await waitPath(page, '/wel/index');
    for (const [p, id] of [
      ['/wel/dashboard', 'page-dashboard'],
      ['/wel/home', 'page-wel-home'],
      ['/wel/wsHome', 'page-ws-home'],
      ['/info/index', 'info-page'],
    ]) {
      await page.goto(p);
      await page.getByTestId(id).waitFor();
    }
    await page.goto('/no/such/page');
    await waitPath(page, '/404');
    await page.goto('/login');
    await waitPath(page, '/wel/index');
    await page.context().close();
  });

  it('menu entries: an http link opens in the frame page, a path with a query gets a numbered suffix', async () => {
    const token = await apiSignIn(PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId);
    const roots = (await api('/api/blade-system/menu/list', { token, query: { code: 'system' } })).body.data as { id: string }[];
    const parentId = roots[0].id;
    const submit = (body: Record<string, unknown>) => api('/api/blade-system/menu/submit', { method: 'POST', token, json: body });
    await submit({
      parentId,
      code: `e2e-frame-${run}`,
      name: `E2E外链${run}`,
      alias: 'menu',
      path: `${baseURL()}/tips`,
      source: 'LinkOutlined',
      sort: 90,
      category: 1,
    });
    await submit({
      parentId,
      code: `e2e-query-${run}`,
      name: `E2E查询${run}`,
      alias: 'menu',
      path: '/system/post?from=menu',
      source: 'LinkOutlined',
      sort: 91,
      category: 1,
    });
    const page = await newPage(browser);
    await signIn(page, PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId);
    await page.getByTestId(`menu-e2e-frame-${run}`).click();
    await page.getByTestId('frame-page').waitFor();
    expect(pathOf(page)).toMatch(/^\/frame\/\d+$/);
    expect(await page.getByTestId('frame').getAttribute('src')).toBe(`${baseURL()}/tips`);
    expect(await page.getByTestId('page-title').innerText()).toBe(`E2E外链${run}`);
    await page.getByTestId(`menu-e2e-query-${run}`).click();
    await page.waitForURL((u) => /^\/system\/post-\d+$/.test(u.pathname) && u.search === '?from=menu');
    await page.getByTestId('resource-page-post').waitFor();
    await page.context().close();
  });
});

describe('sign-in page', () => {
  it('shows related sites, the login title as page title, and the guest registration checks in order', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    const site = page.getByTestId('related-sites').getByRole('link', { name: '民政部' });
    expect(await site.getAttribute('href')).toBe('https://www.mca.gov.cn');
    await page.waitForFunction(() => document.title.startsWith('Civdesk'));
    await fontsLoaded(page);
    await page.screenshot({ path: `${ARTIFACTS}shell-login.png`, fullPage: true });
    await expectAccessible(page, 'login');

    await page.getByTestId('btn-register').click();
    const error = page.getByTestId('register-error');
    await page.getByTestId('register-tenantId').fill('');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => error.innerText()).toBe('请先输入租户编号');
    await page.getByTestId('register-tenantId').fill(DEMO_TENANT);
    await page.getByTestId('register-submit').click();
    await expect.poll(() => error.innerText()).toBe('请先输入账号名称');
    await page.getByTestId('register-account').fill(`guest${run}`);
    await page.getByTestId('register-submit').click();
    await expect.poll(() => error.innerText()).toBe('请先输入密码');
    await page.getByTestId('register-password').fill('Guest-1234');
    await page.getByTestId('register-password2').fill('Guest-9999');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => error.innerText()).toBe('两次密码输入不一致');
    await page.getByTestId('register-password2').fill('Guest-1234');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => error.innerText()).toBe('请先输入用户昵称');
    await page.getByTestId('register-name').fill('访客');
    await page.getByTestId('register-submit').click();
    const done = page.locator('.ant-modal-confirm', { hasText: '注册提示' });
    await done.getByText('注册申请已提交,请耐心等待管理员通过!').waitFor();
    await page.getByTestId('register-done-ok').click();
    expect(pathOf(page)).toBe('/login');
    // The same account again.
    await page.getByTestId('btn-register').click();
    await page.getByTestId('register-tenantId').fill(DEMO_TENANT);
    await page.getByTestId('register-name').fill('访客');
    await page.getByTestId('register-account').fill(`guest${run}`);
    await page.getByTestId('register-password').fill('Guest-1234');
    await page.getByTestId('register-password2').fill('Guest-1234');
    await page.getByTestId('register-submit').click();
    // The same answer as a new registration: whether an account exists is told to nobody.
    await done.getByText('注册申请已提交,请耐心等待管理员通过!').waitFor();
    await page.getByTestId('register-done-ok').click();
    await page.context().close();
  });
});
