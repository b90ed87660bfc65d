import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, openBrowser, reducedMotion } from '../support/browser.ts';
import { signedInPage } from '../support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('sign-in', () => {
  it('sends an anonymous visitor to /login and shows the server refusal', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), reducedMotion });
    const page = await context.newPage();
    await page.goto('/system/post');
    await page.waitForURL('**/login');
    await page.getByTestId('field-tenantId').fill('000000');
    await page.getByTestId('field-username').fill('admin');
    await page.getByTestId('field-password').fill('wrong-password');
    await page.getByTestId('btn-login').click();
    await expect(page.getByText('用户名或密码错误').first().waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('signs in and lands on the home page', async () => {
    const page = await signedInPage(browser);
    await page.waitForURL('**/wel/index');
    expect(await page.getByTestId('user-name').textContent()).toContain('管理员');
    await page.context().close();
  });
});
