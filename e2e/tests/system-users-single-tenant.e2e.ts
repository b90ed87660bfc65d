import { resourceByName } from '@civdesk/resources';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN } from '../support/accounts.ts';
import { newPage, openBrowser } from '../support/browser.ts';
import { dialog, openDialog } from '../support/dialogs.ts';
import { screen } from '../support/list-screen.ts';
import { type ModeServer, startModeServer } from '../support/mode-server.ts';

// Without tenants (TENANT_MODE=false) everyone signs in to the one configured tenant: the platform
// administrator's user form asks no tenant (所属租户) and the list shows none, while the form still
// asks the password twice. The shared server runs with tenants, where the form asks it first
// (system-users-tenants.e2e.ts).
const user = resourceByName.get('user')!;

let browser: Browser;
let server: ModeServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([openBrowser(), startModeServer({ tenantMode: false, captchaMode: false })]);
  // Past the first sign-in's password change, which initial-password tests cover.
  await server.db.query("update blade_user set init_password = 0 where tenant_id = '000000' and account = 'admin'");
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('users without tenants', () => {
  it('the platform administrator’s user form asks no tenant; the list shows none', async () => {
    const page = await newPage(browser, { base: server.base, width: 1280, height: 860 });
    await page.goto('/login');
    await page.getByTestId('field-username').waitFor();
    expect(await page.getByTestId('field-tenantId').count()).toBe(0);
    await page.getByTestId('field-username').fill(PLATFORM_ADMIN.account);
    await page.getByTestId('field-password').fill(PLATFORM_ADMIN.initialPassword);
    await page.getByTestId('btn-login').click();
    await page.getByTestId('user-name').waitFor();

    await page.goto(user.menu ? user.menu.path : '');
    await screen(page, user).waitFor();
    await screen(page, user).locator('.ant-table-thead').waitFor();
    expect(await screen(page, user).locator('.ant-table-thead th', { hasText: '所属租户' }).count()).toBe(0);
    await openDialog(page, page.getByTestId('btn-add'));
    await dialog(page).getByTestId('field-account').waitFor();
    expect(await dialog(page).getByTestId('field-password2').count()).toBe(1);
    expect(await dialog(page).getByTestId('field-tenantId').count()).toBe(0);
    await page.context().close();
  });
});
