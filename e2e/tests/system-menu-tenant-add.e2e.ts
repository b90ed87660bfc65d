import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { dialog, openDialog, shownValue } from '../support/dialogs.ts';
import { screen } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually } from '../support/waits.ts';

// Adding where the user is: a child under a menu row, a tenant with the next free 租户ID.
const menu = resourceByName.get('menu')!;
const tenant = resourceByName.get('tenant')!;
const pathOf = (r: typeof menu) => (r.menu ? r.menu.path : '');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('adding in place', () => {
  it('adds a child under a menu row (新增子项)', async () => {
    await page.goto(pathOf(menu));
    await screen(page, menu).waitFor();
    const action = screen(page, menu).locator('[data-testid^="row-add-child-"]').first();
    await action.waitFor();
    const id = String(await action.getAttribute('data-testid')).replace('row-add-child-', '');
    const parent = (await apiCall(page, 'GET', `${menu.api}/detail?id=${id}`)).body.data;
    await openDialog(page, action);
    await eventually(() => shownValue(page, 'parentId')).toBe(parent.name);
    // The icon is picked from icons, each shown beside its name.
    await dialog(page).getByTestId('field-source').click();
    await page.keyboard.type('TeamOut');
    await page.locator('.ant-select-dropdown:visible [data-icon="TeamOutlined"]').click();
    expect(await dialog(page).getByTestId('field-source').locator('.ant-select-selection-item .anticon').count()).toBe(1);
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('proposes the next 租户ID for a new tenant', async () => {
    const codes = (await apiCall(page, 'GET', `${tenant.api}/select`)).body.data.map((x: { tenantId: string }) => x.tenantId);
    const highest = Math.max(...codes.filter((c: string) => /^\d{6}$/.test(c)).map(Number));
    await page.goto(pathOf(tenant));
    await screen(page, tenant).waitFor();
    await openDialog(page, page.getByTestId('btn-add'));
    await eventually(() => shownValue(page, 'tenantId')).toBe(String(highest + 1).padStart(6, '0'));
    await page.getByTestId('dialog-cancel').click();
  });
});
