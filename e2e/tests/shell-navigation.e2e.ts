import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { tenantAdmin, waitPath } from '../support/shell.ts';

// Moving around the shell: tabs (close, close others, close all, clear cache), the menuId query, and
// the menu search overlay and autocomplete.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('tabs', () => {
  it('every page gets a tab; close one (never the last), close others, close all, clear cache', async () => {
    const page = await tenantAdmin(browser);
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
    await page.locator('.ant-modal-confirm', { hasText: '是否需要清除缓存？' }).waitFor();
    await page.getByTestId('confirm-clear-cache').click();
    await page.locator('.ant-message-notice', { hasText: '清除完毕' }).waitFor();
    await page.context().close();
  });

  it('a menuId query selects the active entry and the title', async () => {
    const page = await tenantAdmin(browser);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string);
    const routes = (await api('/api/blade-system/menu/routes', { token })).body.data as { children: { id: string; code: string }[] }[];
    const role = routes.flatMap((g) => g.children).find((c) => c.code === 'role');
    await page.goto(`/system/post?menuId=${role?.id}`);
    await page.getByTestId('resource-page-post').waitFor();
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('角色管理');
    await page.context().close();
  });
});

describe('menu search', () => {
  it('the overlay and the autocomplete list leaves whose name starts with the text; Esc closes', async () => {
    const page = await tenantAdmin(browser);
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
