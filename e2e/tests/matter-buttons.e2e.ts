import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failureShot, openBrowser } from '../support/browser.ts';
import { confirmDelete, dialog, openDialog, shownValue } from '../support/dialogs.ts';
import { fillField } from '../support/forms.ts';
import { rowById, screen } from '../support/list-screen.ts';
import { pickOption } from '../support/pickers.ts';
import { apiCall } from '../support/rows.ts';
import { tenantAdmin } from '../support/shell.ts';
import { signedInPage } from '../support/sign-in.ts';
import { expectToast, listResponse, writeResponse } from '../support/waits.ts';

// The button library with its stock opinions, the handling tabs and the step hooks, as the demo
// tenant's administrator.

const button = resourceByName.get('mat-wf-local-button')!;
const options = resourceByName.get('mat-wf-local-but-opts')!;
const tabs = resourceByName.get('mat-wf-page-configure')!;
const methods = resourceByName.get('mat-wf-element-method')!;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await tenantAdmin(browser);
});
afterAll(() => browser?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await failureShot(page, ctx.task.name);
});

const open = async (path: string, r = button) => {
  const loaded = listResponse(page, r);
  await page.goto(path);
  await loaded;
};
const save = async (r = button) => {
  const saved = writeResponse(page, r, 'submit');
  await page.getByTestId('dialog-submit').click();
  return (await (await saved).json()).data as Record<string, string>;
};
const search = async (r: typeof button, key: string, value: string) => {
  await screen(page, r).getByTestId(`search-${key}`).fill(value);
  const answered = listResponse(page, r, (u) => u.searchParams.get(key) === value);
  await screen(page, r).getByTestId('btn-search').click();
  await answered;
};

describe('button library', () => {
  it('adds a button on chosen tabs, finds, edits, views and deletes it', async () => {
    await open(button.menu ? button.menu.path : '');
    await openDialog(page, screen(page, button).getByTestId('btn-add'));
    const name = `转办${Date.now() % 100000}`;
    await dialog(page).getByTestId('field-localButtonName').fill(name);
    await pickOption(page, dialog(page).getByTestId('field-localButtonType'), { label: '其他' });
    await dialog(page).getByTestId('field-localButtonValue').fill('transfer');
    await pickOption(page, dialog(page).getByTestId('field-localButtonPageSetting'), { label: '办理意见', multiple: true });
    await pickOption(page, dialog(page).getByTestId('field-localButtonPageSetting'), { label: '申请材料', multiple: true });
    expect(await shownValue(page, 'localButtonPageSetting')).toBe('办理意见, 申请材料');
    const created = await save();
    await search(button, 'localButtonName', name);
    const row = rowById(page, button, created.id);
    await row.waitFor();
    expect(await row.innerText()).toContain('办理意见');

    await openDialog(page, page.getByTestId(`row-edit-${created.id}`));
    await dialog(page).getByTestId('field-localButtonValue').fill('transfer2');
    expect((await save()).localButtonValue).toBe('transfer2');
    await openDialog(page, page.getByTestId(`row-view-${created.id}`));
    expect(await shownValue(page, 'localButtonValue')).toBe('transfer2');
    await page.getByTestId('dialog-cancel').click();

    const removed = writeResponse(page, button, 'remove');
    await page.getByTestId(`row-delete-${created.id}`).click();
    await confirmDelete(page);
    expect((await removed).status()).toBe(200);
    await row.waitFor({ state: 'detached' });
  });

  it('keeps one default opinion per button from its options dialog', async () => {
    await open(button.menu ? button.menu.path : '');
    await search(button, 'localButtonName', '补正');
    const { id } = (await apiCall(page, 'GET', `${button.api}/page?localButtonName=补正`)).body.data.records[0];
    const loaded = listResponse(page, options);
    await page.getByTestId(`row-options-${id}`).click();
    await loaded;
    const nested = page.getByTestId('button-options');
    await nested.getByText('请补正以下材料:').waitFor();
    await openDialog(page, nested.getByTestId('btn-add'));
    await dialog(page).getByTestId('field-orderNumber').fill('2');
    await dialog(page).getByTestId('field-butOptsInfo').fill('请补正身份证复印件');
    await pickOption(page, dialog(page).getByTestId('field-isDefault'), { label: '是' });
    const added = await save(options);
    expect(added.localButtonName).toBe('补正');
    const listed = (await apiCall(page, 'GET', `${options.api}/cusList?localButtonId=${id}`)).body.data as {
      id: string;
      isDefault: number;
    }[];
    expect(listed.filter((o) => o.isDefault === 1).map((o) => o.id)).toEqual([added.id]);
    await nested.locator(`tr[data-row-key="${added.id}"]`).waitFor();
    await page.getByTestId('button-options-dialog').locator('.ant-modal-close').click();
  });
});

describe('handling tabs', () => {
  it('cannot delete a built-in tab; adds and removes one of its own', async () => {
    await open(tabs.menu ? tabs.menu.path : '', tabs);
    const [builtIn] = (await apiCall(page, 'GET', `${tabs.api}/page?isSys_equal=1&size=1`)).body.data.records;
    await expect.poll(() => page.getByTestId(`row-delete-${builtIn.id}`).isDisabled()).toBe(true);
    await openDialog(page, screen(page, tabs).getByTestId('btn-add'));
    await dialog(page).getByTestId('field-flag').fill('handle');
    await dialog(page).getByTestId('field-pageTabname').fill('现场核查');
    await dialog(page).getByTestId('field-pageTaburl').fill('/matter/handle/site-check');
    const created = await save(tabs);
    await search(tabs, 'pageTabname', '现场核查');
    await rowById(page, tabs, created.id).waitFor();
    await page.getByTestId(`row-delete-${created.id}`).click();
    await confirmDelete(page);
    await rowById(page, tabs, created.id).waitFor({ state: 'detached' });
  });
});

describe('step hooks', () => {
  it('saves a hook only for an allowed host, edits, views, searches, test-calls and deletes it', async () => {
    // The platform administrator allows the hook host (nothing is allowed by default).
    const platform = await signedInPage(browser);
    const [p] = (await apiCall(platform, 'GET', '/api/blade-system/param/page?paramKey=matter.hook.allowedHosts')).body.data.records;
    await apiCall(platform, 'POST', '/api/blade-system/param/submit', {
      id: p.id,
      paramName: p.paramName,
      paramKey: p.paramKey,
      paramValue: 'hooks.example.gov.cn',
    });
    await platform.close();

    await open(methods.menu ? methods.menu.path : '', methods);
    await openDialog(page, screen(page, methods).getByTestId('btn-add'));
    await dialog(page).getByTestId('field-methodName').fill('发放通知');
    await fillField(page, methods, 'triggerWay', methods.fields.triggerWay);
    await dialog(page).getByTestId('field-methodUrl').fill('https://intranet.example.org/notify');
    await expectToast(page, '方法地址的主机 intranet.example.org 不在允许列表中', () => page.getByTestId('dialog-submit').click());
    await dialog(page).getByTestId('field-methodUrl').fill('https://hooks.example.gov.cn/notify');
    const created = await save(methods);
    expect(created.requestModel).toBe('sync');
    await search(methods, 'methodName', '发放通知');
    await rowById(page, methods, created.id).waitFor();
    await openDialog(page, page.getByTestId(`row-edit-${created.id}`));
    // Still matches the search the list shows.
    await dialog(page).getByTestId('field-methodName').fill('发放通知(改)');
    expect((await save(methods)).methodName).toBe('发放通知(改)');
    await openDialog(page, page.getByTestId(`row-view-${created.id}`));
    expect(await shownValue(page, 'methodUrl')).toBe('https://hooks.example.gov.cn/notify');
    await page.getByTestId('dialog-cancel').click();
    // The example host does not exist: the call fails and says so.
    await page.getByTestId(`row-trigger-${created.id}`).click();
    const result = page.getByTestId('hook-result');
    await result.getByText('调用失败', { exact: false }).waitFor();
    await result.locator('.ant-modal-close').click();
    await result.waitFor({ state: 'hidden' });
    await page.getByTestId(`row-delete-${created.id}`).click();
    await confirmDelete(page);
    await rowById(page, methods, created.id).waitFor({ state: 'detached' });
  });
});
