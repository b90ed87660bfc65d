import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { openBrowser } from '../support/browser.ts';
import { cellText, clickTool, headers, rowById, screen } from '../support/list-screen.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, listResponse } from '../support/waits.ts';

// The users list as a tenant administrator sees it at 1440 px: a toolbar that fits (secondary
// actions in 更多), the columns people look for, and disabled accounts visible as such.
const user = resourceByName.get('user')!;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser, 'admin', 'admin', DEMO_TENANT);
});
afterAll(() => browser?.close());

describe('users list', () => {
  let rows: { id: string; account: string }[] = [];

  it('folds the secondary actions into 更多 and never scrolls sideways', async () => {
    const first = listResponse(page, user);
    await page.goto('/system/user');
    await screen(page, user).waitFor();
    rows = (await (await first).json()).data.records;
    for (const id of ['btn-export', 'btn-import', 'btn-add', 'btn-batch-delete', 'btn-more']) await page.getByTestId(id).waitFor();
    expect(await page.getByTestId('btn-reset-password').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The card title keeps its width (not one character a line).
    const title = await screen(page, user).locator('.ant-pro-table-list-toolbar-title').boundingBox();
    expect(title?.height ?? 0).toBeLessThan(60);
    await clickTool(page, 'registration-audit');
    await page.getByTestId('registration-audit').waitFor();
    await page.locator('.ant-modal-close').click();
    await page.getByTestId('registration-audit').waitFor({ state: 'detached' });
  });

  it('shows roles, departments, phone and status; a disabled user reads 停用', async () => {
    expect(await headers(page, user)).toEqual(expect.arrayContaining(['所属角色', '所属部门', '手机号码', '状态']));
    const caseworker = rows.find((r) => r.account === 'caseworker')!;
    const row = rowById(page, user, caseworker.id);
    expect(await cellText(page, user, row, '所属角色')).toBe('个案工作者');
    expect(await cellText(page, user, row, '所属部门')).toBe('示范区民政局');
    expect(await row.getByTestId(`status-${caseworker.id}`).innerText()).toBe('启用');
    await page.getByTestId(`row-disable-${caseworker.id}`).click();
    await page.locator('.ant-modal-confirm:not(.ant-zoom)').waitFor();
    await page.getByTestId('confirm-ok').click();
    await eventually(() => row.getByTestId(`status-${caseworker.id}`).innerText()).toBe('停用');
    await page.getByTestId(`row-enable-${caseworker.id}`).click();
    await page.locator('.ant-modal-confirm:not(.ant-zoom)').waitFor();
    await page.getByTestId('confirm-ok').click();
    await eventually(() => row.getByTestId(`status-${caseworker.id}`).innerText()).toBe('启用');
  });
});
