import type { Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { confirmDelete, dialog, dialogErrors, openDialog, shownValue } from '../support/dialogs.ts';
import { ownerOf } from '../support/resources.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, settled } from '../support/waits.ts';

// System and business dictionaries in two panes: dictionaries (`parent-list`) on the left, the
// chosen one's entries (`child-list`, a tree) on the right. The generic walk of
// resource-screens.e2e.ts leaves these two screens to this file. Also the dictionary-type tree
// beside the entries of typed dictionaries (`dict-detail`).
let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

for (const name of ['dict', 'dict-biz']) describe.sequential(`${name}: two panes`, () => dictSteps(resourceByName.get(name)!));

describe('dictionary entries beside the type tree', () => {
  const detail = resourceByName.get('dict-detail')!;
  let page: Page;
  beforeAll(async () => {
    page = await signedInPage(browser, ...ownerOf(detail));
  });
  afterAll(() => page?.context().close());

  it('filters by the chosen type and starts new entries in it', async () => {
    const types = (await apiCall(page, 'GET', '/api/blade-system/dwSysDictType/cusTree')).body.data as {
      title: string;
      dictType: string;
      children?: unknown[];
    }[];
    const type = types[0];
    const loaded = listResponse(page, detail);
    await page.goto('/system/dict-detail');
    await loaded;
    const filtered = listResponse(page, detail, (url) => url.searchParams.get('dictType_equal') === type.dictType);
    await page.getByTestId('dict-type-tree').getByText(type.title, { exact: true }).first().click();
    await filtered;
    await openDialog(page, page.getByTestId('btn-add'));
    await eventually(() => shownValue(page, 'dictType')).not.toBe('');
  });
});

function dictSteps(r: Resource) {
  let page: Page;
  const code = `e2e_${uniq()}`;
  let rootId = '';
  let entryId = '';
  const left = () => page.getByTestId(`resource-page-${r.name}`);
  const right = () => page.getByTestId(`resource-page-${r.name}-entries`);
  const rowIn = (pane: Locator, id: string) => pane.locator(`.ant-table-tbody > tr[data-row-key="${id}"]`);
  const answer = (route: string, method = 'GET', test: (url: URL) => boolean = () => true): Promise<Response> => {
    const p = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `${r.api}/${route}` && res.request().method() === method && test(new URL(res.url())),
    );
    p.catch(() => {});
    return p;
  };
  /** Fills the dialog's text inputs and submits; resolves to the server's answer. */
  const submit = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) await dialog(page).getByTestId(`field-${key}`).fill(value);
    const saved = answer('submit', 'POST');
    await dialog(page).getByTestId('dialog-submit').click();
    return (await saved).json();
  };

  beforeAll(async () => {
    page = await signedInPage(browser, ...ownerOf(r));
  });
  afterAll(async () => {
    if (!page) return;
    for (const id of [entryId, rootId]) if (id) await apiCall(page, 'POST', `${r.api}/remove?ids=${id}`);
    await page.context().close();
  });

  it('opens from the menu with the dictionaries on the left and no entries until one is chosen', async () => {
    const listed = answer('parent-list');
    await page.getByTestId(`menu-${r.name}`).click();
    const rows = (await (await listed).json()).data.records as { parentId: string; dictKey: string }[];
    expect(rows.every((row) => row.parentId === '0' && row.dictKey === '-1')).toBe(true);
    // The rows the server sent, or the empty text when it sent none (a tenant may have no business dictionary yet).
    await left().locator('.ant-table-tbody > tr.ant-table-row, .ant-table-tbody .ant-empty').first().waitFor();
    expect(await left().locator('.ant-table-tbody > tr.ant-table-row').count()).toBe(Math.min(rows.length, 10));
    // The key of a dictionary is always -1: no column for it on the left.
    const headers = await left().locator('.ant-table-thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['字典编号', '字典名称', '字典排序', '封存']));
    expect(headers.map((h) => h.trim())).not.toContain('字典键值');
    // A paged list, not a tree: paging shows once there is something to page.
    if (rows.length) expect(await left().locator('.ant-pagination').count()).toBe(1);
    expect(await left().locator('.ant-table-row-expand-icon').count()).toBe(0);
    await page.getByTestId(`dict-entries-empty-${r.name}`).waitFor();
  });

  it('adds a dictionary: required fields and digits-only order first, then saved', async () => {
    await openDialog(page, left().getByTestId('btn-add'));
    // A dictionary's parent and key are not asked for: it is a root.
    expect(await dialog(page).getByTestId('field-parentId').count()).toBe(0);
    expect(await dialog(page).getByTestId('field-dictKey').count()).toBe(0);
    await dialog(page).getByTestId('dialog-submit').click();
    await eventually(async () => (await dialogErrors(page)).sort()).toEqual(['请输入字典名称', '请输入字典排序', '请输入字典编号'].sort());
    await dialog(page).getByTestId('field-sort').fill('x1');
    await eventually(async () => await dialogErrors(page)).toEqual(expect.arrayContaining(['排序只能输入数字']));
    const reloaded = answer('parent-list');
    await expectToast(page, '新增成功', async () => {
      const body = await submit({ code, dictValue: `测试字典${code.slice(-4)}`, sort: '7' });
      expect(body.success, JSON.stringify(body)).toBe(true);
      rootId = body.data.id;
    });
    await reloaded;
    await dialog(page).waitFor({ state: 'hidden' });
    const stored = (await apiCall(page, 'GET', `${r.api}/detail?id=${rootId}`)).body.data;
    expect(stored).toMatchObject({ code, parentId: '0', dictKey: '-1', sort: 7 });
  });

  it('finds it by its code and renames it', async () => {
    await left().getByTestId('search-code').fill(code);
    const searched = answer('parent-list', 'GET', (url) => url.searchParams.get('code') === code);
    await left().getByTestId('btn-search').click();
    const found = (await (await searched).json()).data.records as { id: string }[];
    expect(found.map((x) => x.id)).toEqual([rootId]);
    await rowIn(left(), rootId).waitFor();
    expect(await left().locator('.ant-table-tbody > tr.ant-table-row').count()).toBe(1);

    await openDialog(page, left().getByTestId(`row-edit-${rootId}`));
    await expect.poll(() => dialog(page).getByTestId('field-code').inputValue()).toBe(code);
    await expectToast(page, '更新成功', async () => {
      expect((await submit({ dictValue: `改名字典${code.slice(-4)}` })).success).toBe(true);
    });
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => rowIn(left(), rootId).innerText()).toContain(`改名字典${code.slice(-4)}`);
  });

  it('shows the chosen dictionary’s entries on the right and adds one with its code', async () => {
    const entries = answer('child-list', 'GET', (url) => url.searchParams.get('parentId') === rootId);
    await left().getByTestId(`row-dict-config-${rootId}`).click();
    expect((await (await entries).json()).data).toEqual([]);
    await right().waitFor();
    expect(await right().locator('.ant-pro-table-list-toolbar-title').innerText()).toContain(`改名字典${code.slice(-4)} (${code})`);
    expect(await page.getByTestId(`dict-entries-empty-${r.name}`).count()).toBe(0);

    await openDialog(page, right().getByTestId('btn-add'));
    // New entries start under the dictionary, with its code.
    expect(await dialog(page).getByTestId('field-code').inputValue()).toBe(code);
    await expect
      .poll(() => dialog(page).locator('[data-testid="field-parentId"] .ant-select-selection-item').innerText())
      .toContain('改名字典');
    // An entry needs a key: the server says so beside the field and stores nothing.
    const refused = await submit({ dictValue: '第一项', sort: '1' });
    expect(refused.msg).toBe('请输入字典键值');
    await eventually(() => dialogErrors(page)).toEqual(expect.arrayContaining(['请输入字典键值']));
    const reloaded = answer('child-list', 'GET', (url) => url.searchParams.get('parentId') === rootId);
    await expectToast(page, '新增成功', async () => {
      const body = await submit({ dictKey: '1' });
      expect(body.success, JSON.stringify(body)).toBe(true);
      entryId = body.data.id;
    });
    await dialog(page).waitFor({ state: 'hidden' });
    expect((await (await reloaded).json()).data.map((x: { id: string }) => x.id)).toEqual([entryId]);
    await rowIn(right(), entryId).waitFor();
    const stored = (await apiCall(page, 'GET', `${r.api}/detail?id=${entryId}`)).body.data;
    expect(stored).toMatchObject({ code, parentId: rootId, dictKey: '1', dictValue: '第一项' });
    // The dictionary's entries are what `dictionary?code=` answers.
    const listed = (await apiCall(page, 'GET', `${r.api}/dictionary?code=${code}`)).body.data;
    expect(listed.map((x: { dictKey: string }) => x.dictKey)).toEqual(['1']);
  });

  it('views and edits an entry in the right pane', async () => {
    await openDialog(page, right().getByTestId(`row-view-${entryId}`));
    await expect.poll(() => dialog(page).getByTestId('field-dictValue').inputValue()).toBe('第一项');
    expect(await dialog(page).getByTestId('field-dictValue').isDisabled()).toBe(true);
    await page.getByTestId('dialog-cancel').click();
    await dialog(page).waitFor({ state: 'hidden' });

    await openDialog(page, right().getByTestId(`row-edit-${entryId}`));
    await expect.poll(() => dialog(page).getByTestId('field-dictKey').inputValue()).toBe('1');
    await expectToast(page, '更新成功', async () => {
      expect((await submit({ dictValue: '改后一项' })).success).toBe(true);
    });
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => rowIn(right(), entryId).innerText()).toContain('改后一项');
  });

  it('keeps a dictionary that still has entries, then deletes entry and dictionary', async () => {
    await left().getByTestId(`row-delete-${rootId}`).click();
    await expectToast(page, '请先删除子节点!', () => confirmDelete(page));
    await settled(page, '.ant-modal-confirm').waitFor({ state: 'hidden' });
    expect((await apiCall(page, 'GET', `${r.api}/detail?id=${rootId}`)).body.data.id).toBe(rootId);

    await right().getByTestId(`row-delete-${entryId}`).click();
    await expectToast(page, '删除成功', () => confirmDelete(page));
    await rowIn(right(), entryId).waitFor({ state: 'hidden' });
    entryId = '';
    await left().getByTestId(`row-delete-${rootId}`).click();
    await expectToast(page, '删除成功', () => confirmDelete(page));
    await rowIn(left(), rootId).waitFor({ state: 'hidden' });
    expect((await apiCall(page, 'GET', `${r.api}/detail?id=${rootId}`)).status).toBe(404);
    rootId = '';
  });

  it('deletes several dictionaries at once', async () => {
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const made = await apiCall(page, 'POST', `${r.api}/submit`, { code: `${code}_${n}`, dictValue: `批量${n}`, sort: n, isSealed: 0 });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids.push(made.body.data.id);
    }
    await left().getByTestId('search-code').fill(`${code}_`);
    const searched = answer('parent-list', 'GET', (url) => url.searchParams.get('code') === `${code}_`);
    await left().getByTestId('btn-search').click();
    await searched;
    for (const id of ids) await rowIn(left(), id).locator('.ant-checkbox-input').check();
    await left().getByTestId('btn-batch-delete').click();
    await expectToast(page, '删除成功', () => confirmDelete(page));
    for (const id of ids) await rowIn(left(), id).waitFor({ state: 'hidden' });
    for (const id of ids) expect((await apiCall(page, 'GET', `${r.api}/detail?id=${id}`)).status).toBe(404);
  });
}
