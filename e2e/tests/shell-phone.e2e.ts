import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { fontsLoaded, tenantAdmin, waitPath } from '../support/shell.ts';

// On a phone (390×844) the menu is a drawer opened by ☰, and neither the shell nor a list screen
// scrolls sideways; the list's toolbar wraps inside its card.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('a phone', () => {
  it('navigates through the drawer menu without scrolling sideways', async () => {
    // Signed in on a wide window (the sign-in helper waits for the user's name, which a phone hides).
    const page = await tenantAdmin(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByTestId('sider').count()).toBe(0);
    expect(await page.getByTestId('sider').count()).toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('user-menu').isVisible()).toBe(true);
    const drawer = page.getByTestId('sider');
    await page.getByTestId('btn-collapse').click();
    await drawer.waitFor();
    await fontsLoaded(page);
    await page.screenshot({ path: `${SCREENSHOTS}shell-390-menu.png` });
    await page.getByTestId('menu-post').click();
    await waitPath(page, '/system/post');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('resource-page-post').waitFor();
    await page.locator('.ant-table-tbody').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // Every toolbar button is on screen (they wrap rather than stick out of the card).
    const outside = await page
      .locator('.ant-pro-table-list-toolbar button')
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().right > window.innerWidth).length);
    expect(outside).toBe(0);
    await fontsLoaded(page);
    await page.screenshot({ path: `${SCREENSHOTS}shell-390-list.png` });
    // The drawer opens again on the next page, with the page's entry selected.
    await page.getByTestId('btn-collapse').click();
    await drawer.waitFor();
    expect(await page.locator('.shell-drawer .ant-menu-item-selected').innerText()).toBe('岗位管理');
    await page.context().close();
  });
});
