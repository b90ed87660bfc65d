import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { newPage, openBrowser } from '../support/browser.ts';
import { tenantAdmin } from '../support/shell.ts';
import { signIn } from '../support/sign-in.ts';

// Keeping an open page current: the version check (asks, or reloads when the new version is a must)
// and the reload after a script chunk failed to load.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('version check', () => {
  it('asks when the server runs another version, at most once per 60 s; must reloads', async () => {
    const page = await newPage(browser);
    let checks = 0;
    let must = false;
    await page.route('**/api/blade-upgrade/upgrade/check', (route) => {
      checks++;
      return route.fulfill({ json: { code: 200, success: true, msg: '', data: { version: '99.0.0', must } } });
    });
    await signIn(page, 'admin', 'admin', DEMO_TENANT);
    await page.locator('.ant-modal-confirm', { hasText: '系统已更新到新版本，是否立即刷新页面？' }).waitFor();
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
    const page = await tenantAdmin(browser);
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
