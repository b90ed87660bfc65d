import type { Browser, Page } from 'playwright-core';
import { PLATFORM_ADMIN } from './accounts.ts';
import { newPage, type PageOptions } from './browser.ts';

/** Types tenant, account and password into the sign-in form. */
export async function fillSignIn(page: Page, account: string, password: string, tenantId: string): Promise<void> {
  await page.getByTestId('field-tenantId').fill(tenantId);
  await page.getByTestId('field-username').fill(account);
  await page.getByTestId('field-password').fill(password);
}

/** Signs in through the real sign-in page and waits for the shell. */
export async function signIn(page: Page, account: string, password: string, tenantId: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, account, password, tenantId);
  await page.getByTestId('btn-login').click();
  await page.getByTestId('user-name').waitFor();
}

/**
 * A fresh page signed in through the real sign-in screen; by default as the platform administrator,
 * whose initial password global-setup has already changed.
 */
export async function signedInPage(
  browser: Browser,
  account = PLATFORM_ADMIN.account,
  password = PLATFORM_ADMIN.password,
  tenantId = PLATFORM_ADMIN.tenantId,
  opts: PageOptions = {},
): Promise<Page> {
  const page = await newPage(browser, opts);
  await signIn(page, account, password, tenantId);
  return page;
}
