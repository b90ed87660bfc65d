import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN } from '../accounts.ts';
import { expectToast } from '../screen.ts';
import { api, apiSignIn, baseURL, launch } from '../support.ts';

// The web shell (issue 4, spec 000 §2–§5, §8–§9) in a real browser: routes, sign-in extras,
// session timers, layout, tabs, menu search, notices, version check, personal info, the AI
// panel, the flow viewer, language and themes; screenshots and accessibility checks.
const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

const TENANT = '100001';
let browser: Browser;
const run = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function newPage(opts: { width?: number; height?: number; clock?: boolean } = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
  });
  const page = await context.newPage();
  if (opts.clock) await page.clock.install();
  return page;
}

async function signIn(page: Page, account = 'admin', password = 'admin', tenantId = TENANT) {
  await page.goto('/login');
  await page.getByTestId('field-tenantId').fill(tenantId);
  await page.getByTestId('field-username').fill(account);
  await page.getByTestId('field-password').fill(password);
  await page.getByTestId('btn-login').click();
  await page.getByTestId('user-name').waitFor();
}

async function tenantAdmin(opts: { width?: number; height?: number; clock?: boolean } = {}) {
  const page = await newPage(opts);
  await signIn(page);
  return page;
}

const path = (page: Page) => new URL(page.url()).pathname;
const waitPath = (page: Page, p: string) => page.waitForURL((u) => u.pathname === p);

/** Waits until the webfont subsets the page shows have loaded (they are fetched on demand). */
async function shot(page: Page) {
  // The app shows a first screen once its text's font subsets are in (app/font-gate.tsx); text
  // that arrives later may still be fetching its subset.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
}

async function axe(page: Page, name: string) {
  await page.mouse.move(0, 0); // no hover state
  // No opening animation under way (a half-faded menu is not what users read).
  await page.waitForFunction(() => !document.querySelector('.ant-motion-collapse, [class*="-appear"], [class*="-enter"]'));
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}

describe('routes', () => {
  it('public pages open without a token; other paths go to /login', async () => {
    const page = await newPage();
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
      expect(path(page), p).toBe(p);
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
    const page = await tenantAdmin();
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
    const submit = (body: Record<string, unknown>) =>
      fetch(`${baseURL()}/api/blade-system/menu/submit`, {
        method: 'POST',
        headers: { ...authHeaders(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    await submit({
      parentId,
      code: `e2e-frame-${run}`,
      name: `E2E外链${run}`,
      alias: 'menu',
      path: `${baseURL()}/tips`,
      sort: 90,
      category: 1,
    });
    await submit({
      parentId,
      code: `e2e-query-${run}`,
      name: `E2E查询${run}`,
      alias: 'menu',
      path: '/system/post?from=menu',
      sort: 91,
      category: 1,
    });
    const page = await newPage();
    await signIn(page, PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId);
    await page.getByTestId(`menu-e2e-frame-${run}`).click();
    await page.getByTestId('frame-page').waitFor();
    expect(path(page)).toMatch(/^\/frame\/\d+$/);
    expect(await page.getByTestId('frame').getAttribute('src')).toBe(`${baseURL()}/tips`);
    expect(await page.getByTestId('page-title').innerText()).toBe(`E2E外链${run}`);
    await page.getByTestId(`menu-e2e-query-${run}`).click();
    await page.waitForURL((u) => /^\/system\/post-\d+$/.test(u.pathname) && u.search === '?from=menu');
    await page.getByTestId('resource-page-post').waitFor();
    await page.context().close();
  });
});

let configCache: { clientId: string; clientSecret: string } | undefined;
function authHeaders(token: string): Record<string, string> {
  return { authorization: basicHeader, 'blade-auth': `bearer ${token}` };
}
let basicHeader = '';
beforeAll(async () => {
  configCache = (await (await fetch(`${baseURL()}/api/civdesk/web-config`)).json()).data;
  basicHeader = `Basic ${Buffer.from(`${configCache?.clientId}:${configCache?.clientSecret}`).toString('base64')}`;
});

describe('sign-in page', () => {
  it('shows related sites, the login title as page title, and the guest registration in the spec order', async () => {
    const page = await newPage();
    await page.goto('/login');
    const site = page.getByTestId('related-sites').getByRole('link', { name: '民政部' });
    expect(await site.getAttribute('href')).toBe('https://www.mca.gov.cn');
    await page.waitForFunction(() => document.title.startsWith('Civdesk'));
    await shot(page);
    await page.screenshot({ path: `${ARTIFACTS}shell-login.png`, fullPage: true });
    await axe(page, 'login');

    await page.getByTestId('btn-register').click();
    const error = page.getByTestId('register-error');
    await page.getByTestId('register-tenantId').fill('');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => error.innerText()).toBe('请先输入租户编号');
    await page.getByTestId('register-tenantId').fill(TENANT);
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
    await page.getByTestId('register-name').fill('访客');
    await page.getByTestId('register-submit').click();
    const done = page.locator('.ant-modal-confirm', { hasText: '注册提示' });
    await done.getByText('注册申请已提交,请耐心等待管理员通过!').waitFor();
    await page.getByTestId('register-done-ok').click();
    expect(path(page)).toBe('/login');
    // The same account again: the server's message is shown in the dialog.
    await page.getByTestId('btn-register').click();
    await page.getByTestId('register-tenantId').fill(TENANT);
    await page.getByTestId('register-account').fill(`guest${run}`);
    await page.getByTestId('register-password').fill('Guest-1234');
    await page.getByTestId('register-password2').fill('Guest-1234');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => error.innerText()).toContain('已存在');
    await page.context().close();
  });
});

describe('session', () => {
  it('refreshes the token once it is 3000 s old', async () => {
    const page = await tenantAdmin({ clock: true });
    const before = await page.evaluate(() => localStorage.getItem('civdesk-token'));
    const refreshed = page.waitForRequest((r) => r.url().includes('/oauth/token') && r.url().includes('grant_type=refresh_token'));
    await page.clock.runFor(2990_000);
    expect(await page.evaluate(() => localStorage.getItem('civdesk-token'))).toBe(before);
    await page.clock.runFor(20_000);
    await refreshed;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('civdesk-token'))).not.toBe(before);
    await page.context().close();
  });

  it('the overtime poll logs out with the spec message when the session is over', async () => {
    const page = await tenantAdmin({ clock: true });
    // The server's idle check is tested on the server; here it answers overMax, as after the idle timeout.
    await page.route('**/api/blade-system/bmSysOperationTime/checkRefresh', (route) =>
      route.fulfill({ json: { code: 200, success: true, msg: '', data: { overMax: true, idleSeconds: 1900, maxIdleSeconds: 1800 } } }),
    );
    let polls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/bmSysOperationTime/checkRefresh')) polls++;
    });
    await page.clock.runFor(61_000);
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1_000);
          return path(page);
        },
        { timeout: 40_000, interval: 500 },
      )
      .toBe('/login');
    expect(polls).toBeGreaterThan(0);
    await page.locator('.ant-message-notice', { hasText: 'Operation timed out, please log in again' }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => localStorage.getItem('civdesk-token'))).toBeNull();
    await page.context().close();
  });

  it('logout clears the session, tabs and lock and uploads the local logs', async () => {
    const page = await tenantAdmin();
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error(`e2e logout log`);
      }),
    );
    await page.getByTestId('logs-badge').locator('.ant-badge-count').waitFor();
    const sent = page.waitForRequest((r) => r.url().includes('/api/blade-log/front/send'));
    const out = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/logout'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('btn-logout').click();
    await page.getByTestId('confirm-logout').click();
    await Promise.all([sent, out]);
    await waitPath(page, '/login');
    const left = await page.evaluate(() => ['token', 'tagList', 'isLock', 'lockPasswd'].map((k) => localStorage.getItem(`civdesk-${k}`)));
    expect(left).toEqual([null, null, null, null]);
    await page.context().close();
  });
});

describe('layout', () => {
  it('home page: logo, side menu, top menu after ~2 s, user info hidden on /info/index; screenshot and axe', async () => {
    const page = await tenantAdmin();
    expect(await page.getByTestId('logo-mark').innerText()).toBe('Civ');
    await page.getByTestId('sider-user').waitFor();
    await page.getByTestId('top-menu-system').waitFor({ timeout: 10_000 });
    await shot(page);
    await page.screenshot({ path: `${ARTIFACTS}shell-home.png`, fullPage: true });
    await axe(page, 'home');
    await page.goto('/info/index');
    await page.getByTestId('info-page').waitFor();
    expect(await page.getByTestId('sider-user').count()).toBe(0);
    await page.goto('/system/post');
    await page.getByTestId('resource-page-post').waitFor();
    await page.locator('.ant-table-tbody').waitFor();
    await axe(page, 'resource list');
    await page.context().close();
  });

  it('top menu: a category opens its first leaf; home opens the desk with its fixed entries', async () => {
    const page = await tenantAdmin();
    await page.getByTestId('top-menu-system').hover();
    await page.getByTestId('top-panel').waitFor();
    await page.getByTestId('top-menu-system').click();
    await page.waitForURL((u) => u.pathname.startsWith('/system/'));
    await page.getByTestId('top-menu-home').click();
    await waitPath(page, '/wel/index');
    for (const id of ['desk-desktop', 'desk-info', 'desk-password', 'desk-logout']) await page.getByTestId(id).waitFor();
    await page.getByTestId('desk-info').click();
    await waitPath(page, '/info/index');
    await page.context().close();
  });

  it('the side panel drags between 170 and 400 px; narrow screens collapse it, phones hide it', async () => {
    const page = await tenantAdmin();
    const sider = page.getByTestId('sider');
    const handle = page.getByTestId('sider-handle');
    const drag = async (dx: number) => {
      const box = await handle.boundingBox();
      if (!box) throw new Error('no handle');
      await page.mouse.move(box.x + 3, box.y + 200);
      await page.mouse.down();
      await page.mouse.move(box.x + 3 + dx, box.y + 200, { steps: 5 });
      await page.mouse.up();
    };
    await drag(400);
    await expect.poll(async () => Math.round((await sider.boundingBox())?.width ?? 0)).toBe(400);
    await drag(-600);
    await expect.poll(async () => Math.round((await sider.boundingBox())?.width ?? 0)).toBe(170);
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(async () => Math.round((await sider.boundingBox())?.width ?? 0)).toBe(64);
    await page.setViewportSize({ width: 700, height: 800 });
    await expect.poll(() => sider.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => Math.round((await sider.boundingBox())?.width ?? 0)).toBe(170);
    await page.context().close();
  });

  it('themes: default #409EFF, eleven to choose from, the choice applies and is kept', async () => {
    const page = await tenantAdmin();
    const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--shell-primary').trim());
    expect((await primary()).toLowerCase()).toBe('#409eff');
    await page.getByTestId('btn-theme').click();
    const names = ['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'];
    for (const n of names) await page.getByTestId(`theme-${n}`).waitFor();
    await page.getByTestId('theme-hey').click();
    await expect.poll(primary).toBe('#f56c6c');
    await page.reload();
    await page.getByTestId('user-name').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('hey');
    await page.context().close();
  });

  it('full screen toggles', async () => {
    const page = await tenantAdmin();
    await page.getByTestId('btn-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await page.getByTestId('btn-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
    await page.context().close();
  });
});

describe('tabs', () => {
  it('every page gets a tab; close one (never the last), close others, close all, clear cache', async () => {
    const page = await tenantAdmin();
    const tabs = page.getByTestId('tab');
    await page.getByTestId('menu-post').click();
    await page.getByTestId('resource-page-post').waitFor();
    await page.getByTestId('menu-role').click();
    await page.getByTestId('resource-page-role').waitFor();
    await expect.poll(() => tabs.count()).toBe(3);
    expect(await page.title()).toBe('角色管理');
    // Close the active one: its neighbour opens.
    await page.locator('[data-testid=tab][data-key="/system/role"] [data-testid=tab-close]').click();
    await waitPath(page, '/system/post');
    await expect.poll(() => tabs.count()).toBe(2);
    await page.getByTestId('menu-role').click();
    await page.getByTestId('resource-page-role').waitFor();
    await page.getByTestId('tabs-menu').click();
    await page.getByTestId('tabs-close-others').click();
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['首页', '角色管理']);
    await page.getByTestId('tabs-menu').click();
    await page.getByTestId('tabs-close-all').click();
    await waitPath(page, '/wel/index');
    await expect.poll(() => tabs.count()).toBe(1);
    expect(await page.getByTestId('tab-close').count()).toBe(0); // the last tab cannot close
    await page.getByTestId('tabs-menu').click();
    await page.getByTestId('tabs-clear-cache').click();
    await page.locator('.ant-modal-confirm', { hasText: '是否需要清除缓存?' }).waitFor();
    await page.getByTestId('confirm-clear-cache').click();
    await page.locator('.ant-message-notice', { hasText: '清除完毕' }).waitFor();
    await page.context().close();
  });

  it('a menuId query selects the active entry and the title', async () => {
    const page = await tenantAdmin();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string);
    const routes = (await api('/api/blade-system/menu/routes', { token })).body.data as { children: { id: string; code: string }[] }[];
    const role = routes[0].children.find((c) => c.code === 'role');
    await page.goto(`/system/post?menuId=${role?.id}`);
    await page.getByTestId('resource-page-post').waitFor();
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('角色管理');
    await page.context().close();
  });
});

describe('menu search', () => {
  it('the overlay and the autocomplete list leaves whose name starts with the text; Esc closes', async () => {
    const page = await tenantAdmin();
    await page.getByTestId('btn-menu-search').click();
    const overlay = page.locator('.ant-modal', { hasText: '菜单搜索' });
    await overlay.waitFor();
    await page.getByTestId('menu-search-input').fill('岗位');
    await page.getByTestId('menu-search-post').waitFor();
    await page.getByTestId('menu-search-input').fill('管理');
    await page.getByText('没有匹配的菜单').waitFor();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'hidden' });

    await page.getByTestId('menu-autocomplete').fill('角色');
    await page.getByTestId('search-option-role').click();
    await page.getByTestId('resource-page-role').waitFor();
    await page.context().close();
  });
});

describe('notices', () => {
  it('the bell lists notices, a dot while unread; opening shows it read-only and sanitised', async () => {
    const token = await apiSignIn('admin', 'admin', TENANT);
    const title = `E2E通知${run}`;
    const res = await fetch(`${baseURL()}/api/blade-desk/notice/submit`, {
      method: 'POST',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        category: 1,
        releaseTime: '2026-11-20 10:00:00',
        content: '<p>正文<b>加粗</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>',
      }),
    });
    expect((await res.json()).code).toBe(200);
    const page = await tenantAdmin();
    await expect.poll(() => page.getByTestId('notice-dot').getAttribute('data-unread')).toBe('true');
    await page.getByTestId('btn-notices').click();
    const item = page.locator('[data-testid^=notice-]', { hasText: title });
    await item.first().click();
    const dialog = page.locator('.ant-modal', { hasText: title });
    await dialog.getByTestId('notice-content').getByText('加粗').waitFor();
    expect(await dialog.getByTestId('notice-date').innerText()).toBe('2026-11-20 10:00:00');
    expect(await dialog.getByTestId('notice-type').innerText()).not.toBe('');
    expect(await dialog.locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await dialog.locator('input, textarea').count()).toBe(0);
    const read = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-noticeReadIds') ?? '{}').content as string[]);
    expect(read.length).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('version check', () => {
  it('asks when the server runs another version, at most once per 60 s; must reloads', async () => {
    const page = await newPage();
    let checks = 0;
    let must = false;
    await page.route('**/api/blade-upgrade/upgrade/check', (route) => {
      checks++;
      return route.fulfill({ json: { code: 200, success: true, msg: '', data: { version: '99.0.0', must } } });
    });
    await signIn(page);
    await page.locator('.ant-modal-confirm', { hasText: '系统已更新到新版本,是否立即刷新页面?' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-post').click();
    await page.getByTestId('menu-role').click();
    await page.getByTestId('resource-page-role').waitFor();
    expect(checks).toBe(1);
    must = true;
    const reloaded = page.waitForEvent('load');
    await page.reload();
    await reloaded;
    await page.waitForEvent('load', { timeout: 15_000 }); // the must version reloads once more
    await page.context().close();
  });

  it('a chunk that fails to load reloads the page once instead of breaking', async () => {
    const page = await tenantAdmin();
    let failed = 0;
    await page.route(/\/assets\/info-page-[^/]+\.js$/, (route) => {
      if (failed++ === 0) return route.abort();
      return route.continue();
    });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-user-info').click();
    await page.getByTestId('info-page').waitFor({ timeout: 20_000 });
    expect(failed).toBeGreaterThanOrEqual(2);
    await page.context().close();
  });
});

describe('personal info', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  it('uploads an avatar (jpg/png ≤ 500 KB), checks the phone and saves', async () => {
    const page = await tenantAdmin();
    await page.goto('/info/index');
    await page.getByTestId('info-realName').waitFor();
    await expect.poll(() => page.getByTestId('info-realName').inputValue()).not.toBe('');
    const input = page.getByTestId('info-page').locator('input[type=file]');
    await expectToast(page, '上传头像图片大小不能超过 500KB!', () =>
      input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(600 * 1024)]) }),
    );
    await expectToast(page, '上传头像图片只能是 JPG/PNG 格式!', () =>
      input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }),
    );
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('avatar-image').waitFor();
    const link = await page.getByTestId('avatar-image').getAttribute('src');
    expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\//);
    await page.getByTestId('info-phone').fill('2380013800');
    await page.getByTestId('info-submit').click();
    await page.getByText('请输入正确的手机号码').waitFor();
    await page.getByTestId('info-phone').fill('13800138000');
    await page.getByTestId('info-realName').fill('租户管理员');
    await expectToast(page, '修改信息成功', () => page.getByTestId('info-submit').click());
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string);
    const info = (await api('/api/blade-user/info', { token })).body.data as { phone: string; avatar: string };
    expect(info).toMatchObject({ phone: '13800138000', avatar: link });
    // The password tab: all three asked, a wrong old password refused by the server.
    await page.getByTestId('info-tab-password').click();
    await page.getByTestId('password-submit').click();
    await page.getByText('请输入原密码').waitFor();
    await page.getByTestId('info-oldPassword').fill('wrong-old');
    await page.getByTestId('info-newPassword').fill('New-pass-123');
    await page.getByTestId('info-newPassword1').fill('New-pass-124');
    await page.getByTestId('password-submit').click();
    await page.getByText('两次密码输入不一致').waitFor();
    await page.context().close();
  });
});

describe('lock screen', () => {
  it('asks for a lock password (cannot be empty), locks, and unlocks only with it', async () => {
    const page = await tenantAdmin();
    await page.getByTestId('btn-lock').click();
    await page.getByTestId('lock-set').click();
    await expect.poll(() => page.getByTestId('lock-error').innerText()).toBe('锁屏密码不能为空');
    await page.getByTestId('lock-password').fill('unlock-me');
    await page.getByTestId('lock-set').click();
    await waitPath(page, '/lock');
    // Locked: the shell's pages lead back to the lock page.
    await page.goto('/wel/index');
    await waitPath(page, '/lock');
    await page.getByTestId('unlock-password').waitFor();
    await shot(page);
    await page.screenshot({ path: `${ARTIFACTS}shell-lock.png`, fullPage: true });
    await axe(page, 'lock');
    await page.getByTestId('unlock-password').fill('wrong');
    await page.getByTestId('btn-unlock').click();
    await expect.poll(() => page.getByTestId('unlock-error').innerText()).toBe('解锁密码错误,请重新输入');
    await page.getByTestId('unlock-password').fill('unlock-me');
    await page.getByTestId('btn-unlock').click();
    await waitPath(page, '/wel/index');
    await page.context().close();
  });

  it('in English the empty lock password says cannot be empty', async () => {
    const page = await tenantAdmin();
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('btn-lock').click();
    await page.getByTestId('lock-set').click();
    await expect.poll(() => page.getByTestId('lock-error').innerText()).toBe('cannot be empty');
    await page.context().close();
  });
});

describe('local error log', () => {
  it('lists errors with a badge (at most 99), uploads and clears them', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      const logs = Array.from({ length: 120 }, (_, i) => ({
        type: 'error',
        url: '/x',
        message: `seeded ${i}`,
        stack: 'at x',
        time: '2026-11-20 10:00:00',
      }));
      localStorage.setItem('civdesk-errorLog', JSON.stringify({ dataType: 'object', content: logs, datetime: Date.now() }));
    });
    await signIn(page);
    expect(await page.getByTestId('logs-badge').locator('.ant-badge-count').innerText()).toBe('99+');
    await page.getByTestId('btn-logs').click();
    await page.locator('.ant-modal', { hasText: '错误日志' }).getByText('seeded 0', { exact: true }).waitFor();
    await page.getByTestId('logs-clear').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定清空本地日志记录?' }).waitFor();
    await expectToast(page, '清空成功', () => page.getByTestId('confirm-clear-logs').click());
    const logsDialog = page.locator('.ant-modal', { hasText: '错误日志' });
    await logsDialog.locator('.ant-modal-close').click();
    await logsDialog.waitFor({ state: 'hidden' });
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e boom');
      }),
    );
    await expect.poll(() => page.getByTestId('logs-badge').locator('.ant-badge-count').innerText()).toBe('1');
    await page.getByTestId('btn-logs').click();
    const dialog = page.locator('.ant-modal', { hasText: '错误日志' });
    await dialog.getByText('e2e boom').first().waitFor();
    await dialog.getByText('/wel/index').first().waitFor();
    await page.getByTestId('logs-upload').click();
    await page.locator('.ant-modal-confirm', { hasText: '确定上传本地日志到服务器?' }).waitFor();
    const sent = page.waitForResponse((r) => r.url().includes('/api/blade-log/front/send'));
    await expectToast(page, '发送成功', () => page.getByTestId('confirm-upload-logs').click());
    expect((await (await sent).json()).code).toBe(200);
    await page.context().close();
  });
});

describe('AI assistant', () => {
  it('refuses an empty question, types the reply out, then offers copy; commands open pages', async () => {
    const page = await tenantAdmin();
    await page.route('**/api/dw-widgets/assistant/ask', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByTestId('btn-ai').click();
    await page.getByTestId('ai-panel').waitFor();
    await expectToast(page, '请输入您的问题或需求！', () => page.getByTestId('ai-send').click());
    await page.getByTestId('ai-input').fill('怎么锁屏?');
    await page.getByTestId('ai-send').click();
    const reply = page.getByTestId('ai-assistant').last();
    await reply.getByText('请稍后。。。').waitFor();
    // Typed one character per 100 ms: part of it first, the copy button only at the end.
    await expect
      .poll(async () => {
        const text = await reply.locator('.ai-text').innerText();
        return !text.includes('请稍后') && text.length > 2;
      })
      .toBe(true);
    const partial = await reply.locator('.ai-text').innerText();
    expect(await reply.getByTestId('ai-copy').count()).toBe(0);
    await reply.getByTestId('ai-copy').waitFor({ timeout: 20_000 });
    const full = await reply.locator('.ai-text').innerText();
    expect(full.startsWith(partial)).toBe(true);
    expect(full).toContain('锁屏密码');

    await page.getByTestId('ai-input').fill('打开数据字典');
    await page.getByTestId('ai-send').click();
    await waitPath(page, '/system/dict');
    await page.getByTestId('ai-input').fill('我要修改密码');
    await page.getByTestId('ai-send').click();
    await waitPath(page, '/info/index');
    await page.context().route('**/www.openstreetmap.org/**', (route) => route.fulfill({ body: 'map' }));
    const popup = page.context().waitForEvent('page', { timeout: 20_000 });
    await page.getByTestId('ai-input').fill('定位到天安门');
    await page.getByTestId('ai-send').click();
    expect((await popup).url()).toContain(encodeURIComponent('天安门'));
    await page.context().close();
  });
});

describe('flow-chart viewer', () => {
  it('renders the sample diagram coloured from its history, inline and in the dialog', async () => {
    const page = await tenantAdmin();
    await page.goto('/test/index');
    const viewer = page.getByTestId('flow-viewer').first();
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    const cls = (id: string) => viewer.locator(`[data-element-id="${id}"]`).first().getAttribute('class');
    expect(await cls('start')).toContain('flow-success');
    expect(await cls('apply')).toContain('flow-success');
    expect(await cls('approve')).toContain('flow-primary');
    expect(await cls('f1')).toContain('flow-warning');
    expect(await cls('archive')).not.toMatch(/flow-/);
    expect(await cls('end')).not.toMatch(/flow-/);
    await page.getByTestId('flow-open-dialog').click();
    const dialog = page.locator('.ant-modal', { hasText: '流程图展示' });
    await expect.poll(() => dialog.getByTestId('flow-viewer').getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await page.context().close();
  });
});

describe('language', () => {
  it('switches every shell text to English and back', async () => {
    const page = await tenantAdmin();
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Home');
    expect(await page.getByTestId('tabs-menu').innerText()).toContain('Tab actions');
    expect(await page.getByTestId('menu-post').innerText()).toBe('Posts');
    await page.getByTestId('top-menu-home').waitFor();
    expect(await page.getByTestId('top-menu-home').innerText()).toContain('Home');
    await page.getByTestId('btn-menu-search').click();
    await page.locator('.ant-modal', { hasText: 'Menu search' }).waitFor();
    await page.getByTestId('menu-search-input').fill('pos');
    await page.getByTestId('menu-search-post').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu').click();
    await page.getByText('Personal info').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('首页');
    await page.context().close();
  });
});
