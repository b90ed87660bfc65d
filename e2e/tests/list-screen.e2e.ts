import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN } from '../support/accounts.ts';
import { api, apiSignIn } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { signedInPage } from '../support/sign-in.ts';

// The built list screen in a real browser: the build moves ProComponents parts no screen uses to a
// chunk loaded on demand (apps/web/build/pro-components-lazy.ts), so this checks the screen still renders whole:
// search bar with its date range, rows, toolbar, column settings and the add dialog.
let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('list screen (built app)', () => {
  it('renders search, rows, settings and the add dialog without errors', async () => {
    const page = await signedInPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/system/param');
    await page.getByTestId('resource-page-param').waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await page.locator('.ant-picker-range').first().waitFor(); // the creation-time range in the search bar
    await page.locator('.ant-pro-table-list-toolbar-setting-item .anticon-setting').click();
    await page.locator('.ant-pro-table-column-setting-overlay').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('btn-add').click();
    await page.getByTestId('dialog-submit').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('draws rows and their dates before the date pickers arrive; the search bar keeps its height', async () => {
    // a notice, whose release time is a listed date-time column and a date range in the search bar
    const { account, password, tenantId } = PLATFORM_ADMIN;
    const token = await apiSignIn(account, password, tenantId);
    const title = `E2E-pickers-${Date.now()}`;
    const res = await api('/api/blade-desk/notice/submit', {
      method: 'POST',
      token,
      json: { title, category: 1, releaseTime: '2026-11-20 10:00:00', content: '<p>x</p>' },
    });
    expect(res.body.code).toBe(200);

    const page = await signedInPage(browser);
    // Hold the pickers' chunk (apps/web/build/pro-components-lazy.ts, lazy-pickers) until the list has drawn.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let asked = false;
    await page.route('**/assets/_lazy-pickers-*.js', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/system/notice');
    const row = page.locator('.ant-table-row', { hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('2026-11-20 10:00:00');
    await expect.poll(() => asked).toBe(true);
    expect(await page.locator('.ant-picker').count()).toBe(0);
    const bar = page.locator('.ant-pro-query-filter');
    const before = (await bar.boundingBox())?.height;
    release();
    await page.locator('.ant-picker-range').first().waitFor();
    expect((await bar.boundingBox())?.height).toBe(before);
    await page.context().close();
  });

  it('offers only viewing on the read-only API log', async () => {
    const page = await signedInPage(browser);
    await page.goto('/system/log-api');
    await page.getByTestId('resource-page-log-api').waitFor();
    await page.locator('.ant-pro-table').waitFor();
    expect(await page.getByTestId('btn-add').count()).toBe(0);
    expect(await page.getByTestId('btn-batch-delete').count()).toBe(0);
    await page.context().close();
  });
});
