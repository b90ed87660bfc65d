import { resourceByName } from '@civdesk/resources';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { confirmDelete, dialog, dialogErrors, openDialog, shownValue } from '../support/dialogs.ts';
import { downloadedBytes } from '../support/downloads.ts';
import { fillNewRow } from '../support/forms.ts';
import { clickTool, rowById, screen } from '../support/list-screen.ts';
import { pickOption } from '../support/pickers.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, settled, writeResponse } from '../support/waits.ts';

// The users screen: department tree beside the list, the user form's groups and
// rules, and every special action, as the platform administrator.
const user = resourceByName.get('user')!;

let browser: Browser;
let page: Page;
let me: string;

const detail = async (id: string) => (await apiCall(page, 'GET', `/api/blade-user/detail?id=${id}`)).body.data;
const confirmOk = async () => {
  await settled(page, '.ant-modal-confirm').waitFor();
  await page.getByTestId('confirm-ok').click();
};

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
  me = (await apiCall(page, 'GET', '/api/blade-user/info')).body.data.id;
  // The form asks for a post; the platform tenant has none seeded.
  await apiCall(page, 'POST', '/api/blade-system/post/submit', { category: 1, postCode: `P${uniq()}`, postName: '测试岗位', sort: 1 });
});
afterAll(() => browser?.close());

describe('users screen', () => {
  let id = '';
  const account = `u${uniq()}`;

  it('lists users beside the department tree and filters by department', async () => {
    const first = listResponse(page, user);
    await page.goto('/system/user');
    await screen(page, user).waitFor();
    const body = await (await first).json();
    expect(body.data.records.some((r: { account: string }) => r.account === 'admin')).toBe(true);
    const tree = page.getByTestId('dept-tree');
    await tree.getByText('平台管理部').waitFor();
    const filtered = listResponse(page, user, (url) => url.searchParams.has('deptId'));
    await tree.getByText('平台管理部').click();
    expect(new URL((await filtered).url()).searchParams.get('deptId')).toMatch(/^\d+$/);
    // Oneself cannot be deleted.
    const self = (body.data.records as { id: string; account: string }[]).find((r) => r.account === 'admin')!;
    me ||= self.id;
    expect(await page.getByTestId(`row-delete-${self.id}`).isDisabled()).toBe(true);
  });

  it('starts a new user in the chosen department', async () => {
    await openDialog(page, page.getByTestId('btn-add'));
    await eventually(() => shownValue(page, 'deptId')).toBe('平台管理部');
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'hidden' });
    const all = listResponse(page, user, (url) => !url.searchParams.has('deptId'));
    await page.getByTestId('dept-tree').getByText('全部机构').click();
    await all;
  });

  it('refuses a real name of one character, then adds the user', async () => {
    await openDialog(page, page.getByTestId('btn-add'));
    // Groups of the form.
    for (const g of ['基础信息', '详细信息', '职责信息']) await dialog(page).getByText(g, { exact: true }).waitFor();
    await dialog(page).getByTestId('field-realName').fill('张');
    await dialog(page).getByTestId('field-account').click();
    await eventually(() => dialogErrors(page)).toEqual(['姓名长度在2到5个字符']);
    await fillNewRow(page, user, { account, realName: '测试用户', name: '测试' });
    const saved = writeResponse(page, user, 'submit');
    const reloaded = listResponse(page, user);
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    id = (await (await saved).json()).data.id;
    await reloaded;
    await rowById(page, user, id).waitFor();
  });

  it('searches by account', async () => {
    await page.getByTestId('search-account').fill(account);
    const answered = listResponse(page, user, (url) => url.searchParams.get('account') === account);
    await page.getByTestId('btn-search').click();
    const body = await (await answered).json();
    expect(body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('edits through update and shows no password when editing or viewing', async () => {
    await openDialog(page, page.getByTestId(`row-edit-${id}`));
    expect(await dialog(page).getByTestId('field-password').count()).toBe(0);
    await dialog(page).getByTestId('field-realName').fill('改名用户');
    const updated = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blade-user/update');
    await expectToast(page, '更新成功', () => page.getByTestId('dialog-submit').click());
    expect((await updated).status()).toBe(200);
    expect((await detail(id)).realName).toBe('改名用户');
    await openDialog(page, page.getByTestId(`row-view-${id}`));
    expect(await dialog(page).getByTestId('field-password').count()).toBe(0);
    expect(await dialog(page).getByTestId('field-realName').inputValue()).toBe('改名用户');
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'hidden' });
  });

  it('assigns roles, sets the secret level and the platform', async () => {
    await page.getByTestId(`row-grant-${id}`).click();
    const roles = page.getByTestId('user-role-dialog');
    const admin = roles.locator('.ant-tree-treenode', { hasText: '超级管理员' }).locator('.ant-tree-checkbox');
    await admin.waitFor();
    // The dialog shows the user's current role (given when adding); unchecked, nothing is left.
    expect(await admin.getAttribute('class')).toContain('ant-tree-checkbox-checked');
    await admin.click();
    await page.getByTestId('dialog-submit').click();
    await roles.getByRole('alert').waitFor();
    await admin.click();
    await expectToast(page, '操作成功', () => page.getByTestId('dialog-submit').click());
    expect(String((await detail(id)).roleId)).toMatch(/^\d+$/);

    await rowById(page, user, id).locator('.ant-checkbox-input').check();
    await clickTool(page, 'secret');
    const secret = page.getByTestId('user-secret-dialog');
    await settled(secret, '.ant-modal').waitFor();
    await page.getByTestId('dialog-submit').click();
    await secret.getByText('请选择密级').waitFor();
    const level = await pickOption(page, secret.getByTestId('field-secretLevel'));
    await expectToast(page, '操作成功', () => page.getByTestId('dialog-submit').click());
    expect(String((await detail(id)).secretLevel)).not.toBe('');
    expect(level).not.toBe('');

    await page.getByTestId(`row-platform-${id}`).click();
    const platform = page.getByTestId('user-platform-dialog');
    await platform.getByTestId('field-userExt').waitFor();
    await platform.getByTestId('field-userExt').fill('{"app":"e2e"}');
    await expectToast(page, '操作成功', () => page.getByTestId('dialog-submit').click());
    const ext = (await apiCall(page, 'GET', `/api/blade-user/platform-detail?userId=${id}`)).body.data;
    expect(ext.userExt).toBe('{"app":"e2e"}');
  });

  it('disables and enables, resets the password and unlocks', async () => {
    await page.getByTestId(`row-disable-${id}`).click();
    await expectToast(page, '操作成功', confirmOk);
    await eventually(async () => Number((await detail(id)).status)).toBe(0);
    await page.getByTestId(`row-enable-${id}`).click();
    await expectToast(page, '操作成功', confirmOk);
    await eventually(async () => Number((await detail(id)).status)).toBe(1);

    // The row is still checked from the secret-level step.
    await clickTool(page, 'reset-password');
    await expectToast(page, '操作成功', confirmOk);
    await eventually(async () => Number((await detail(id)).initPassword ?? 1)).toBe(1);
    await clickTool(page, 'unlock');
    await expectToast(page, '操作成功', confirmOk);
  });

  it('deletes the user', async () => {
    const removed = writeResponse(page, user, 'remove');
    await page.getByTestId(`row-delete-${id}`).click();
    await confirmDelete(page);
    expect((await removed).status()).toBe(200);
    await rowById(page, user, id).waitFor({ state: 'detached' });
    expect(me).not.toBe(id);
  });

  it('exports the list and reports the wrong rows of an import', async () => {
    const exported = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/blade-user/export');
    await page.getByTestId('btn-export').click();
    const answer = await exported;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('spreadsheetml');

    await page.getByTestId('btn-import').click();
    const importer = page.getByTestId('import-dialog');
    await settled(importer, '.ant-modal').waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    const template = await downloadedBytes(await download);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    // Required columns are headed with a trailing '*'.
    const headers = (sheet.getRow(1).values as unknown[]).map((h) => String(h).replace(/\*$/, '').trim());
    // One row with an account only: every other required column is missing.
    const row: unknown[] = [];
    row[headers.indexOf('登录账号')] = `imp${uniq()}`;
    sheet.addRow(row.slice(1));
    const file = Buffer.from(await book.xlsx.writeBuffer());
    await importer.locator('input[type=file]').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByTestId('import-start').click();
    await importer.getByTestId('import-failure').waitFor();
    expect(await importer.getByTestId('import-failure').innerText()).toContain('1 行有错误');
    const errors = await importer.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain('用户姓名');
    await importer.locator('.ant-modal-close').click();
  });

  it('passes a self-registration from the registration audit', async () => {
    const account = `reg${uniq()}`;
    const reg = await apiCall(page, 'POST', '/api/blade-user/register-guest', {
      tenantId: '100001',
      account,
      name: '访客',
      password: md5('Guest-pass-1'),
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const pending = (await apiCall(page, 'GET', `/api/blade-user/b/userAudit/page?account=${account}`)).body.data.records[0];
    expect(String(pending.auditStatus)).toBe('0');

    await clickTool(page, 'registration-audit');
    const audit = page.getByTestId('registration-audit');
    await audit.getByTestId(`row-audit-pass-${pending.id}`).click();
    await settled(page, '.ant-modal-confirm').waitFor();
    await expectToast(page, '操作成功', () => page.getByTestId('confirm-ok').click());
    await audit.getByTestId(`row-audit-pass-${pending.id}`).waitFor({ state: 'detached' });
    const after = (await apiCall(page, 'GET', `/api/blade-user/b/userAudit/page?account=${account}`)).body.data.records[0];
    expect(String(after.auditStatus)).not.toBe('0');
  });
});
