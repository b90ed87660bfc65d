import type { Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { cellText, rowById, showRows } from '../support/list-screen.ts';
import { ownerOf, screenPath } from '../support/resources.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, settled } from '../support/waits.ts';

// The SMS and object-storage screens' own calls, as the demo tenant's administrator (who holds every
// button of the tenant's resources): "启用" (one enabled setting per tenant), "发送测试" through
// `endpoint/send-message` and the recorded messages (`sms-record`) the local provider leaves.
const sms = resourceByName.get('sms')!;
const oss = resourceByName.get('oss')!;
const smsRecord = resourceByName.get('sms-record')!;
const ENABLED = 2;

let browser: Browser;
let page: Page;
/** Settings the tenant had enabled before, enabled again at the end; rows this file made, removed. */
const before = new Map<Resource, string[]>();
const made = new Map<Resource, string[]>([
  [sms, []],
  [oss, []],
  [smsRecord, []],
]);

const rowsOf = async (r: Resource, query = ''): Promise<Record<string, unknown>[]> => {
  const res = await apiCall(page, 'GET', `${r.api}/page?current=1&size=1000${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.records;
};
const enabledIds = async (r: Resource) => (await rowsOf(r)).filter((x) => Number(x.status) === ENABLED).map((x) => String(x.id));
const statusOf = async (r: Resource, id: string) => Number((await apiCall(page, 'GET', `${r.api}/detail?id=${id}`)).body.data.status);
const recordsOf = (code: string) => rowsOf(smsRecord, `&smsCode=${code}`);

async function create(r: Resource, body: Record<string, unknown>): Promise<string> {
  const res = await apiCall(page, 'POST', `${r.api}/submit`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  made.get(r)!.push(String(res.body.data.id));
  return String(res.body.data.id);
}

beforeAll(async () => {
  browser = await openBrowser();
  expect(ownerOf(sms)).toEqual(ownerOf(oss));
  page = await signedInPage(browser, ...ownerOf(sms));
  for (const r of [sms, oss]) before.set(r, await enabledIds(r));
});

afterAll(async () => {
  if (page) {
    for (const [r, ids] of made) if (ids.length) await apiCall(page, 'POST', `${r.api}/remove?ids=${ids.join(',')}`);
    for (const [r, ids] of before) for (const id of ids) await apiCall(page, 'POST', `${r.api}/enable?id=${id}`);
  }
  await browser?.close();
});

async function open(r: Resource, ids: string[]) {
  const loaded = listResponse(page, r);
  await page.goto(screenPath(r));
  await loaded;
  await showRows(page, r, ids);
}

/** "启用" on a row: the confirmation names the setting, then 操作成功 and the list reloads. */
async function enable(r: Resource, id: string, code: string) {
  await page.getByTestId(`row-enable-${id}`).click();
  const confirm = settled(page, '.ant-modal-confirm');
  await confirm.waitFor();
  expect(await confirm.locator('.ant-modal-confirm-content').innerText()).toContain(`“${code}”`);
  const reloaded = listResponse(page, r);
  await expectToast(page, '操作成功', () => page.getByTestId('confirm-ok').click());
  await reloaded;
}

/** Enables one of two new settings in the browser, then the other; the server keeps one enabled. */
async function enableOneThenTheOther(r: Resource, codeField: string, a: string, b: string) {
  const codes = { [a]: '', [b]: '' };
  for (const id of [a, b]) codes[id] = String((await apiCall(page, 'GET', `${r.api}/detail?id=${id}`)).body.data[codeField]);
  await open(r, [a, b]);
  expect([await statusOf(r, a), await statusOf(r, b)]).toEqual([1, 1]);

  await enable(r, a, codes[a]);
  await eventually(() => enabledIds(r)).toEqual([a]);
  expect(await statusOf(r, b)).toBe(1);
  // The enabled row offers no "启用"; the other still does, and the status column says which is which.
  await page.getByTestId(`row-enable-${a}`).waitFor({ state: 'detached' });
  await page.getByTestId(`row-enable-${b}`).waitFor();
  expect(await statusCell(r, a)).toBe('是');
  expect(await statusCell(r, b)).toBe('否');

  await enable(r, b, codes[b]);
  await eventually(() => enabledIds(r)).toEqual([b]);
  expect(await statusOf(r, a)).toBe(1);
  await page.getByTestId(`row-enable-${a}`).waitFor();
  await page.getByTestId(`row-enable-${b}`).waitFor({ state: 'detached' });
  expect(await statusCell(r, a)).toBe('否');
}

/** The text of a row's 是否启用 cell. */
const statusCell = (r: Resource, id: string) => cellText(page, r, rowById(page, r, id), '是否启用');

describe('SMS settings', () => {
  let local: string;
  let remote: string;
  let localCode: string;
  let remoteCode: string;

  beforeAll(async () => {
    localCode = `e2e${uniq()}`;
    remoteCode = `e2e${uniq()}`;
    // One of the built-in local provider, one of a provider that is not connected.
    local = await create(sms, { category: 0, smsCode: localCode, templateId: 'T-e2e', signName: '民政' });
    remote = await create(sms, { category: 3, smsCode: remoteCode, templateId: 'T-e2e' });
  });

  it('enables one setting, then the other, which disables the first', async () => {
    await enableOneThenTheOther(sms, 'smsCode', local, remote);
  });

  it('sends a test message: wrong input stays in the browser, good input is recorded and listed', async () => {
    await open(sms, [local, remote]);
    const sent: Request[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === `${sms.api}/endpoint/send-message`) sent.push(req);
    });
    const dialog = await openSend(local);
    expect(await dialog.locator('.ant-modal-title').innerText()).toContain(localCode);
    const errors = dialog.locator('.ant-form-item-explain-error');

    // A phone of ten digits, then one not starting with 1: named in a Chinese message, nothing sent.
    await dialog.getByTestId('field-phones').fill('13800000000,1380000000');
    await dialog.getByTestId('dialog-submit').click();
    await errors.filter({ hasText: '手机号“1380000000”不正确' }).waitFor();
    await dialog.getByTestId('field-phones').fill('23800000000');
    await dialog.getByTestId('dialog-submit').click();
    await errors.filter({ hasText: '手机号“23800000000”不正确：应为11位数字且以1开头' }).waitFor();
    // Good phones, parameters that are not a JSON object.
    await dialog.getByTestId('field-phones').fill('13800000000，13900000000');
    await dialog.getByTestId('field-params').fill('{code: 1234}');
    await dialog.getByTestId('dialog-submit').click();
    await errors.filter({ hasText: '模板参数应为JSON对象' }).waitFor();
    // The phones (a full-width comma among them) now pass: their message leaves (after its animation).
    await errors.filter({ hasText: '手机号' }).waitFor({ state: 'detached' });
    expect(sent).toEqual([]);
    expect(await recordsOf(localCode)).toEqual([]);

    // Good input: the server's answer in the dialog, the message recorded as it would have been sent.
    await dialog.getByTestId('field-params').fill('{"code":"1234"}');
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === `${sms.api}/endpoint/send-message`);
    await dialog.getByTestId('dialog-submit').click();
    expect((await (await answered).json()).msg).toBe('发送成功');
    expect(await answerOf(dialog)).toEqual({ text: '发送成功', ok: true });
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(new URL(sent[0].url()).searchParams)).toEqual({
      code: localCode,
      phones: '13800000000,13900000000',
      params: '{"code":"1234"}',
    });
    const [record] = await recordsOf(localCode);
    expect(record).toMatchObject({ phones: '13800000000,13900000000', params: '{"code":"1234"}', result: '已记录（本地）' });
    made.get(smsRecord)!.push(String(record.id));
    await closeSend(dialog);

    // A provider that is not connected: the server's refusal is shown in the dialog (and recorded).
    const other = await openSend(remote);
    await other.getByTestId('field-phones').fill('13700000000');
    await other.getByTestId('dialog-submit').click();
    expect(await answerOf(other)).toEqual({ text: '发送失败: 该短信服务商未接入', ok: false });
    const [refused] = await recordsOf(remoteCode);
    expect(refused).toMatchObject({ phones: '13700000000', result: '该短信服务商未接入' });
    made.get(smsRecord)!.push(String(refused.id));
    await closeSend(other);

    // The recorded messages, from the toolbar: newest first, ours with its phones and result.
    const listed = listResponse(page, smsRecord);
    await page.getByTestId('btn-sms-records').click();
    await listed;
    const records = page.getByTestId('sms-records-dialog');
    await settled(records, '.ant-modal').waitFor();
    const row = records.getByTestId('sms-records').locator(`tr[data-row-key="${record.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('13800000000,13900000000');
    expect(await row.innerText()).toContain('已记录（本地）');
    await records.locator(`tr[data-row-key="${refused.id}"]`, { hasText: '该短信服务商未接入' }).waitFor();
  });

  it('offers neither enable nor send to a user without those buttons, but the records', async () => {
    const auditor = await signedInPage(browser, 'auditor', 'auditor', ownerOf(sms)[2]);
    const buttons = auditor.waitForResponse((res) => new URL(res.url()).pathname === '/api/blade-system/menu/buttons');
    const loaded = listResponse(auditor, sms);
    await auditor.goto('/system/sms');
    await loaded;
    const codes = JSON.stringify((await (await buttons).json()).data);
    expect(codes).toContain('"sms_view"');
    expect(codes).not.toContain('"sms_enable"');
    expect(codes).not.toContain('"sms_send"');
    await showRows(auditor, sms, [local]);
    await auditor.getByTestId(`row-view-${local}`).waitFor();
    // Shown while the buttons load, then gone.
    for (const id of [`row-enable-${local}`, `row-send-${local}`, `row-send-${remote}`]) {
      await auditor.getByTestId(id).waitFor({ state: 'detached' });
    }
    await auditor.getByTestId('btn-sms-records').waitFor();
    await auditor.context().close();
  });
});

describe('object storage settings', () => {
  it('enables one setting, then the other, which disables the first', async () => {
    const a = await create(oss, { category: 0, ossCode: `e2e${uniq()}` });
    const b = await create(oss, { category: 1, ossCode: `e2e${uniq()}`, endpoint: 'http://127.0.0.1:9000', bucketName: 'civdesk' });
    await enableOneThenTheOther(oss, 'ossCode', a, b);
  });
});

async function openSend(id: string): Promise<Locator> {
  await page.getByTestId(`row-send-${id}`).click();
  const dialog = page.getByTestId('sms-send-dialog');
  await settled(dialog, '.ant-modal').waitFor();
  return dialog;
}

async function closeSend(dialog: Locator) {
  await dialog.locator('.ant-modal-close').click();
  await dialog.locator('.ant-modal').waitFor({ state: 'detached' });
}

/** The server's answer as the dialog shows it, and whether it is shown as a success. */
async function answerOf(dialog: Locator): Promise<{ text: string; ok: boolean }> {
  const answer = dialog.getByTestId('sms-send-answer');
  await answer.waitFor();
  const css = (await answer.getAttribute('class')) ?? '';
  expect(css).toMatch(/ant-typography-(success|danger)/);
  return { text: await answer.innerText(), ok: css.includes('ant-typography-success') };
}
