import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { pathOf, tenantAdmin, waitPath } from '../support/shell.ts';

// Tabs as in BladeX consoles: a page keeps its search and results when the user comes back, the
// active tab is scrolled into view, 首页 is pinned, and a right-click offers refresh and closing;
// unlocking returns to the page that was locked.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const tab = (page: Page, key: string) => page.locator(`[data-testid=tab][data-key="${key}"]`);
const tabKeys = (page: Page) => page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
const postLists = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/blade-system/post/page') urls.push(r.url());
  });
  return urls;
};

async function rightClick(page: Page, key: string, action: string) {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await tab(page, key).click({ button: 'right' });
  await open.getByTestId(action).click();
  await expect.poll(() => open.count()).toBe(0);
}

describe('tabs', () => {
  it('keep a page as it was when the user comes back; 刷新 starts it afresh', async () => {
    const page = await tenantAdmin(browser);
    const lists = postLists(page);
    await page.getByTestId('menu-post').click();
    await page.getByTestId('resource-page-post').locator('.ant-table-tbody').waitFor();
    await page.getByTestId('search-postName').fill('总');
    const searched = page.waitForResponse((r) => r.url().includes('/api/blade-system/post/page') && r.url().includes('postName'));
    await page.getByTestId('btn-search').click();
    await searched;
    const before = lists.length;
    await page.getByTestId('menu-role').click();
    await page.getByTestId('resource-page-role').waitFor();
    // Only the page shown is in the document.
    expect(await page.getByTestId('resource-page-post').count()).toBe(0);
    await tab(page, '/system/post').click();
    await waitPath(page, '/system/post');
    expect(await page.getByTestId('search-postName').inputValue()).toBe('总');
    expect(lists.length).toBe(before); // nothing asked again
    await rightClick(page, '/system/post', 'tab-refresh');
    await expect.poll(() => lists.length).toBeGreaterThan(before);
    await expect.poll(() => page.getByTestId('search-postName').inputValue()).toBe('');
    await page.context().close();
  });

  it('pin 首页; a right-click closes this, the others, those to the left or to the right', async () => {
    const page = await tenantAdmin(browser);
    expect(await tab(page, '/wel/index').getByTestId('tab-close').count()).toBe(0);
    for (const code of ['post', 'role', 'dept', 'region']) {
      await page.getByTestId(`menu-${code}`).click();
      await page.waitForURL((u) => u.pathname === `/system/${code}`);
      await expect.poll(() => tabKeys(page)).toContain(`/system/${code}`);
    }
    await rightClick(page, '/system/role', 'tab-close-right');
    await expect.poll(() => tabKeys(page)).toEqual(['/wel/index', '/system/post', '/system/role']);
    expect(pathOf(page)).toBe('/system/role'); // the active tab was closed: the clicked one opens
    await rightClick(page, '/system/role', 'tab-close-left');
    await expect.poll(() => tabKeys(page)).toEqual(['/wel/index', '/system/role']);
    await page.getByTestId('menu-post').click();
    await rightClick(page, '/system/post', 'tab-close-others');
    await expect.poll(() => tabKeys(page)).toEqual(['/wel/index', '/system/post']);
    await rightClick(page, '/system/post', 'tab-close-one');
    await expect.poll(() => tabKeys(page)).toEqual(['/wel/index']);
    await waitPath(page, '/wel/index');
    await page.context().close();
  });

  it('scroll the active tab into view', async () => {
    const page = await tenantAdmin(browser);
    await page.setViewportSize({ width: 1000, height: 800 });
    const codes = ['post', 'role', 'dept', 'region', 'menu', 'top-menu', 'dict', 'dict-biz', 'notice', 'tenant', 'user'];
    for (const code of codes) {
      await page.getByTestId(`menu-${code}`).click();
      await page.waitForURL((u) => u.pathname === `/system/${code}`);
    }
    const inView = async (key: string) => {
      const list = await page.locator('.shell-tab-list').boundingBox();
      const box = await tab(page, key).boundingBox();
      return Boolean(list && box && box.x >= list.x - 1 && box.x + box.width <= list.x + list.width + 1);
    };
    await expect.poll(() => inView('/system/user')).toBe(true);
    await page.getByTestId('menu-post').click();
    await expect.poll(() => inView('/system/post')).toBe(true);
    await page.context().close();
  });
});

describe('the lock screen', () => {
  it('returns to the page that was locked', async () => {
    const page = await tenantAdmin(browser);
    await page.getByTestId('menu-post').click();
    await waitPath(page, '/system/post');
    await page.getByTestId('btn-lock').click();
    await page.getByTestId('lock-password').fill('unlock-me');
    await page.getByTestId('lock-set').click();
    await waitPath(page, '/lock');
    await page.getByTestId('unlock-password').fill('unlock-me');
    await page.getByTestId('btn-unlock').click();
    await waitPath(page, '/system/post');
    await page.getByTestId('resource-page-post').waitFor();
    await page.context().close();
  });
});
