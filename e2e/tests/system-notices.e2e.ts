import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { dialog, dialogErrors, openDialog } from '../support/dialogs.ts';
import { fillNewRow } from '../support/forms.ts';
import { ownerOf } from '../support/resources.ts';
import { apiCall, createRow } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, writeResponse } from '../support/waits.ts';

// Notices: the content is written in the light rich-text editor and shown cleaned.
const notice = resourceByName.get('notice')!;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser, ...ownerOf(notice));
});
afterAll(() => browser?.close());

describe('notice content', () => {
  it('is required to have a title, then saves bold text from the editor', async () => {
    const loaded = listResponse(page, notice);
    await page.goto('/system/notice');
    await loaded;
    await openDialog(page, page.getByTestId('btn-add'));
    await page.getByTestId('dialog-submit').click();
    await eventually(async () => (await dialogErrors(page)).includes('请输入通知标题')).toBe(true);
    const title = `通知${uniq()}`;
    await fillNewRow(page, notice, { title });
    const editor = dialog(page).getByTestId('field-content');
    await editor.click();
    await page.keyboard.type('普通 ');
    await dialog(page).getByRole('button', { name: 'B', exact: true }).click();
    await page.keyboard.type('加粗');
    const saved = writeResponse(page, notice, 'submit');
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    const id = (await (await saved).json()).data.id;
    const stored = (await apiCall(page, 'GET', `${notice.api}/detail?id=${id}`)).body.data.content;
    expect(stored).toMatch(/<(b|strong)>加粗<\/(b|strong)>/);
  });

  it('shows stored HTML cleaned when viewing', async () => {
    const id = await createRow(page, notice, { title: `脚本${uniq()}`, content: '<p>正文<img src="x.png" onerror="alert(1)"></p>' });
    // The server cleans it on the way in; the view cleans what it shows again.
    const reloaded = listResponse(page, notice);
    await page.goto('/system/notice');
    await reloaded;
    await openDialog(page, page.getByTestId(`row-view-${id}`));
    const view = dialog(page).getByTestId('field-content');
    await view.getByText('正文').waitFor();
    expect(await view.getAttribute('contenteditable')).toBeNull();
    expect(await view.innerHTML()).not.toContain('onerror');
    expect(await view.locator('img').count()).toBe(1);
  });
});
