import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { pathOf, tenantAdmin, waitPath } from '../support/shell.ts';
import { fillSignIn } from '../support/sign-in.ts';

// The next user on the same browser: what one user left (tabs, a locked screen) must not carry
// over once their session has ended, whoever signs in next.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const tabKeys = (page: Page) => page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));

describe('the next user on the same browser', () => {
  it("starts on the home tab alone, never on the previous user's tabs or lock screen", async () => {
    // User A opens two screens and locks the screen.
    const page = await tenantAdmin(browser);
    await page.getByTestId('menu-post').click();
    await page.getByTestId('resource-page-post').waitFor();
    await page.getByTestId('menu-role').click();
    await page.getByTestId('resource-page-role').waitFor();
    expect(await tabKeys(page)).toEqual(expect.arrayContaining(['/system/post', '/system/role']));
    await page.getByTestId('btn-lock').click();
    await page.getByTestId('lock-password').fill('a-lock');
    await page.getByTestId('lock-set').click();
    await waitPath(page, '/lock');

    // A's session ends away from this page (signed out elsewhere, revoked, expired).
    const token = String(await page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content ?? ''));
    expect(token).not.toBe('');
    expect((await api('/api/blade-auth/oauth/logout', { token })).status).toBe(200);

    // User B comes to the browser: the sign-in page, not A's lock screen.
    await page.goto('/login');
    await page.getByTestId('field-username').waitFor();
    expect(pathOf(page)).toBe('/login');
    await fillSignIn(page, 'caseworker', 'caseworker', DEMO_TENANT);
    await page.getByTestId('btn-login').click();
    await page.getByTestId('user-name').waitFor();
    expect(pathOf(page)).toBe('/wel/index');
    expect(await tabKeys(page)).toEqual(['/wel/index']);
    const left = await page.evaluate(() => ['isLock', 'lockPasswd'].map((k) => localStorage.getItem(`civdesk-${k}`)));
    expect(left).toEqual([null, null]);
    await page.context().close();
  });
});
