import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { openBrowser } from '../support/browser.ts';
import { dialog, dialogErrors, formItem, openDialog } from '../support/dialogs.ts';
import { screen } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually } from '../support/waits.ts';

// Formats the definitions declare, checked while typing in the form and again by the server.
const user = resourceByName.get('user')!;
const post = resourceByName.get('post')!;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser, 'admin', 'admin', DEMO_TENANT);
});
afterAll(() => browser?.close());

const errorOf = (key: string) => formItem(page, key).locator('.ant-form-item-explain-error').innerText();

describe('form formats', () => {
  it('checks the user form: phone, email, ID card number and the repeated password', async () => {
    await page.goto('/system/user');
    await screen(page, user).waitFor();
    await openDialog(page, page.getByTestId('btn-add'));
    const type = async (key: string, text: string) => {
      await dialog(page).getByTestId(`field-${key}`).fill(text);
      await dialog(page).getByTestId(`field-${key}`).blur();
    };
    await type('phone', '12345');
    await type('email', 'not-an-email');
    await type('idCard', '110105194912310021');
    await type('password', 'Abc#12345');
    await type('password2', 'Abc#12346');
    await eventually(() => errorOf('phone')).toBe('请输入正确的手机号码（以1开头的11位数字）');
    await eventually(() => errorOf('email')).toBe('请输入正确的电子邮箱');
    await eventually(() => errorOf('idCard')).toBe('请输入正确的身份证号');
    await eventually(() => errorOf('password2')).toBe('两次密码输入不一致');
    await type('phone', '13800138000');
    await type('idCard', '11010519491231002X');
    await eventually(async () => (await dialogErrors(page)).includes('请输入正确的手机号码（以1开头的11位数字）')).toBe(false);
    await page.getByTestId('dialog-cancel').click();
    // The server says the same.
    const refused = await apiCall(page, 'POST', '/api/blade-user/submit', { account: 'x', phone: '12345' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toContainEqual({ field: 'phone', message: '请输入正确的手机号码（以1开头的11位数字）' });
  });

  it("refuses letters in a post's order as they are typed, saying 排序只能输入数字", async () => {
    await page.goto('/system/post');
    await screen(page, post).waitFor();
    await openDialog(page, page.getByTestId('btn-add'));
    const order = dialog(page).getByTestId('field-sort');
    // A letter first (no validation of an earlier keystroke is still running to clear the message).
    await order.pressSequentially('a');
    await eventually(() => errorOf('sort')).toBe('排序只能输入数字');
    expect(await order.inputValue()).toBe('');
    await order.pressSequentially('1b2');
    expect(await order.inputValue()).toBe('12');
    await page.getByTestId('dialog-cancel').click();
    const refused = await apiCall(page, 'POST', '/api/blade-system/post/submit', { category: 1, postCode: 'x', postName: 'x', sort: 'ab' });
    expect(refused.body.data.errors).toContainEqual({ field: 'sort', message: '排序只能输入数字' });
  });

  it("checks a tenant's contact phone", async () => {
    const platform = await signedInPage(browser);
    const refused = await apiCall(platform, 'POST', '/api/blade-system/tenant/submit', {
      tenantId: 'V1',
      tenantName: 'x',
      linkman: 'x',
      contactNumber: 'abc',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toContainEqual({
      field: 'contactNumber',
      message: '请输入正确的联系电话（手机号或带区号的固定电话）',
    });
    await platform.context().close();
  });
});
