import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { ARTIFACTS, expectAccessible, fontsLoaded, tenantAdmin, waitPath } from '../support/shell.ts';

// The shell's layout: logo, side and top menus, the side panel's width at each breakpoint, themes,
// full screen and the language switch; screenshots and accessibility checks of home and a list.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('layout', () => {
  it('home page: logo, side menu, top menu after ~2 s, user info hidden on /info/index; screenshot and axe', async () => {
    const page = await tenantAdmin(browser);
    expect(await page.getByTestId('logo-mark').innerText()).toBe('Civ');
    await page.getByTestId('sider-user').waitFor();
    await page.getByTestId('top-menu-system').waitFor({ timeout: 10_000 });
    await fontsLoaded(page);
    await page.screenshot({ path: `${ARTIFACTS}shell-home.png`, fullPage: true });
    await expectAccessible(page, 'home');
    await page.goto('/info/index');
    await page.getByTestId('info-page').waitFor();
    expect(await page.getByTestId('sider-user').count()).toBe(0);
    await page.goto('/system/post');
    await page.getByTestId('resource-page-post').waitFor();
    await page.locator('.ant-table-tbody').waitFor();
    await expectAccessible(page, 'resource list');
    await page.context().close();
  });

  it('top menu: a category opens its first leaf; home opens the desk with its fixed entries', async () => {
    const page = await tenantAdmin(browser);
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
    const page = await tenantAdmin(browser);
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
    const page = await tenantAdmin(browser);
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
    const page = await tenantAdmin(browser);
    await page.getByTestId('btn-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await page.getByTestId('btn-fullscreen').click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
    await page.context().close();
  });
});

describe('language', () => {
  it('switches every shell text to English and back', async () => {
    const page = await tenantAdmin(browser);
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
