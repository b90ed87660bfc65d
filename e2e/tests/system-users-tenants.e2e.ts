import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { openBrowser } from '../support/browser.ts';
import { dialog, openDialog, shownValue } from '../support/dialogs.ts';
import { rowById, screen } from '../support/list-screen.ts';
import { pickOption, pickTreeNode } from '../support/pickers.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, writeResponse } from '../support/waits.ts';

// The platform administrator manages every tenant's users: the form names the tenant first and
// offers that tenant's roles, departments and posts; another tenant's user shows names; the list
// says whose each row is and filters by tenant.
const user = resourceByName.get('user')!;
const post = resourceByName.get('post')!;
const DEMO = `示范区未成年人保护中心 (${DEMO_TENANT})`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('users of several tenants, as the platform administrator', () => {
  const account = `t${uniq()}`;

  it('asks for the tenant first, offers its posts, roles and departments, and saves there', async () => {
    await page.goto('/system/user');
    await screen(page, user).waitFor();
    await openDialog(page, page.getByTestId('btn-add'));
    await pickOption(page, dialog(page).getByTestId('field-tenantId'), { label: DEMO });
    await dialog(page).getByTestId('field-account').fill(account);
    await dialog(page).getByTestId('field-name').fill('跨租户');
    await dialog(page).getByTestId('field-realName').fill('跨租户用户');
    await pickOption(page, dialog(page).getByTestId('field-userType'));
    // The demo tenant's posts, not the platform's (which has none).
    await pickOption(page, dialog(page).getByTestId('field-postId'), { label: '个案社工', multiple: true });
    const role = await pickTreeNode(page, dialog(page).getByTestId('field-roleId'), true);
    expect(role).toBe('管理员');
    const dept = await pickTreeNode(page, dialog(page).getByTestId('field-deptId'), true);
    expect(dept).toBe('示范区民政局');
    const saved = writeResponse(page, user, 'submit');
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    const body = (await (await saved).json()).data;
    expect(body.tenantId).toBe(DEMO_TENANT);
  });

  it("shows another tenant's user with names, never ids", async () => {
    const found = listResponse(page, user, (url) => url.searchParams.get('account') === 'caseworker');
    await page.getByTestId('search-account').fill('caseworker');
    await page.getByTestId('btn-search').click();
    const row = (await (await found).json()).data.records.find((r: { tenantId: string }) => r.tenantId === DEMO_TENANT);
    await openDialog(page, page.getByTestId(`row-view-${row.id}`));
    expect(await shownValue(page, 'tenantId')).toBe(DEMO);
    await eventually(() => shownValue(page, 'roleId')).toBe('个案工作者');
    await eventually(() => shownValue(page, 'deptId')).toBe('示范区民政局');
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'hidden' });
  });

  it('labels rows with their tenant and filters by it', async () => {
    await page.goto('/system/post');
    await screen(page, post).waitFor();
    const filtered = listResponse(page, post, (url) => url.searchParams.get('tenantId_equal') === DEMO_TENANT);
    await pickOption(page, screen(page, post).getByTestId('search-tenantId'), { label: DEMO });
    await page.getByTestId('btn-search').click();
    const records = (await (await filtered).json()).data.records as { id: string; tenantId: string }[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.tenantId === DEMO_TENANT)).toBe(true);
    await eventually(() => rowById(page, post, records[0].id).getByTestId(`tenant-${records[0].id}`).innerText()).toBe(DEMO);
    expect((await apiCall(page, 'GET', '/api/blade-system/post/page?tenantId_equal=000000')).status).toBe(200);
  });

  it('removes a tenant after saying what goes with it; its users no longer show', async () => {
    const tenant = resourceByName.get('tenant')!;
    const code = `E${uniq()}`.slice(0, 12);
    expect(
      (await apiCall(page, 'POST', '/api/blade-system/tenant/submit', { tenantId: code, tenantName: '撤销测试', linkman: '周' })).status,
    ).toBe(200);
    const row = (await apiCall(page, 'GET', `/api/blade-system/tenant/page?tenantId_equal=${code}`)).body.data.records[0];
    await page.goto('/system/tenant');
    await screen(page, tenant).waitFor();
    await rowById(page, tenant, row.id).waitFor();
    await page.getByTestId(`row-delete-${row.id}`).click();
    const confirm = page.locator('.ant-modal-confirm:not(.ant-zoom)');
    await confirm.waitFor();
    expect(await confirm.locator('.ant-modal-confirm-content').innerText()).toContain('全部用户、机构、角色、岗位');
    const removed = writeResponse(page, tenant, 'remove');
    await page.getByTestId('confirm-ok').click();
    expect((await removed).status()).toBe(200);
    const users = await apiCall(page, 'GET', `/api/blade-user/page?size=100&tenantId_equal=${code}`);
    expect(users.body.data.records).toEqual([]);
  });
});
