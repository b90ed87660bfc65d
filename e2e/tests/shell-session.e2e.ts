import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { ARTIFACTS, expectAccessible, fontsLoaded, pathOf, tenantAdmin, waitPath } from '../support/shell.ts';

// The session in the browser: the token refresh and the overtime poll (on Playwright's fake clock),
// logout, and the lock screen.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('session', () => {
  it('refreshes the token once it is 3000 s old', async () => {
    const page = await tenantAdmin(browser, { clock: true });
    const before = await page.evaluate(() => localStorage.getItem('civdesk-token'));
    const refreshed = page.waitForRequest((r) => r.url().includes('/oauth/token') && r.url().includes('grant_type=refresh_token'));
    await page.clock.runFor(2990_000);
    expect(await page.evaluate(() => localStorage.getItem('civdesk-token'))).toBe(before);
    await page.clock.runFor(20_000);
    await refreshed;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('civdesk-token'))).not.toBe(before);
    await page.context().close();
  });

  it('the overtime poll logs out with its timeout message when the session is over', async () => {
    const page = await tenantAdmin(browser, { clock: true });
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
          return pathOf(page);
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
    const page = await tenantAdmin(browser);
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

describe('lock screen', () => {
  it('asks for a lock password (cannot be empty), locks, and unlocks only with it', async () => {
    const page = await tenantAdmin(browser);
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
    await fontsLoaded(page);
    await page.screenshot({ path: `${ARTIFACTS}shell-lock.png`, fullPage: true });
    await expectAccessible(page, 'lock');
    await page.getByTestId('unlock-password').fill('wrong');
    await page.getByTestId('btn-unlock').click();
    await expect.poll(() => page.getByTestId('unlock-error').innerText()).toBe('解锁密码错误，请重新输入');
    await page.getByTestId('unlock-password').fill('unlock-me');
    await page.getByTestId('btn-unlock').click();
    await waitPath(page, '/wel/index');
    await page.context().close();
  });

  it('in English the empty lock password says cannot be empty', async () => {
    const page = await tenantAdmin(browser);
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('btn-lock').click();
    await page.getByTestId('lock-set').click();
    await expect.poll(() => page.getByTestId('lock-error').innerText()).toBe('cannot be empty');
    await page.context().close();
  });
});
