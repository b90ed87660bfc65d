import { matIntCatalogueType as catalogue, matIntCondition, matIntElement as matter } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { confirmDelete, dialog, openDialog, shownValue } from '../support/dialogs.ts';
import { pickOption } from '../support/pickers.ts';
import { ownerOf } from '../support/resources.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, listResponse, writeResponse } from '../support/waits.ts';

// The matter catalogue as a tenant administrator uses it: the catalogue tree table (add, search,
// edit, view, delete; built-in catalogues kept), then the two-pane matter screen (catalogue tree
// on the left, matters on the right): add, search, edit, view, a condition added under the
// matter's configuration, the seeded guide opened, the matter deleted.

const SOCIAL = '1900000000000000001';
const LSJZ = '1901000000000000001';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser, ...ownerOf(matter));
});
afterAll(async () => {
  await page?.context().close();
  await browser?.close();
});

const save = async (r: typeof catalogue | typeof matter | typeof matIntCondition) => {
  const saved = writeResponse(page, r, 'submit');
  await dialog(page).getByTestId('dialog-submit').click();
  const body = await (await saved).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await dialog(page).waitFor({ state: 'hidden' });
  return body.data as Record<string, string>;
};

describe.sequential('matter catalogue', () => {
  const name = `e2e目录${uniq()}`;
  let catId = '';
  const catRow = (id: string) => page.getByTestId(`resource-page-${catalogue.name}`).locator(`.ant-table-tbody > tr[data-row-key="${id}"]`);

  it('adds, searches, edits, views and deletes a catalogue; a built-in one cannot be deleted', async () => {
    const loaded = listResponse(page, catalogue);
    await page.goto('/matter/mat-int-catalogue-type');
    await loaded;
    await expect(page.getByTestId(`row-delete-${SOCIAL}`).isDisabled()).resolves.toBe(true);

    await openDialog(page, page.getByTestId('btn-add'));
    await dialog(page).getByTestId('field-catalogueName').fill(name);
    await dialog(page).getByTestId('field-catalogueCode').fill(`E2E${uniq()}`.slice(0, 32));
    await dialog(page).getByTestId('field-orderNum').fill('9');
    catId = (await save(catalogue)).id;
    await catRow(catId).waitFor();

    await page.getByTestId('search-catalogueName').fill(name);
    const searched = listResponse(page, catalogue, (url) => url.searchParams.get('catalogueName') === name);
    await page.getByTestId('btn-search').click();
    await searched;
    await eventually(() => page.getByTestId(`resource-page-${catalogue.name}`).locator('.ant-table-tbody > tr.ant-table-row').count()).toBe(
      1,
    );

    await openDialog(page, page.getByTestId(`row-edit-${catId}`));
    await dialog(page).getByTestId('field-catalogueName').fill(`${name}改`);
    await save(catalogue);
    await eventually(async () => (await catRow(catId).innerText()).includes(`${name}改`)).toBe(true);

    await openDialog(page, page.getByTestId(`row-view-${catId}`));
    expect(await shownValue(page, 'catalogueName')).toBe(`${name}改`);
    await page.getByTestId('dialog-cancel').click();

    const removed = writeResponse(page, catalogue, 'remove');
    await page.getByTestId(`row-delete-${catId}`).click();
    await confirmDelete(page);
    expect((await (await removed).json()).success).toBe(true);
    await catRow(catId).waitFor({ state: 'detached' });
  });
});

describe.sequential('matters in two panes', () => {
  const name = `e2e事项${uniq()}`;
  const pane = () => page.getByTestId(`resource-page-${matter.name}`);
  const row = (id: string) => pane().locator(`.ant-table-tbody > tr[data-row-key="${id}"]`);
  let id = '';

  it('narrows the matters to the catalogue chosen in the tree', async () => {
    const loaded = listResponse(page, matter);
    await page.goto('/matter/mat-int-element');
    await loaded;
    const narrowed = listResponse(page, matter, (url) => url.searchParams.get('catalogueType') === SOCIAL);
    await page.getByTestId('matter-catalogue-tree').getByText('社会救助', { exact: true }).click();
    const records = (await (await narrowed).json()).data.records as { catalogueType: string }[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.catalogueType === SOCIAL)).toBe(true);
    await row(LSJZ).waitFor();
  });

  it('adds a matter in the chosen catalogue, searches, edits and views it', async () => {
    await openDialog(page, pane().getByTestId('btn-add'));
    expect(await shownValue(page, 'catalogueType')).toBe('社会救助');
    await dialog(page).getByTestId('field-itemName').fill(name);
    await dialog(page).getByTestId('field-itemNo').fill(`e2e-${uniq()}`);
    await pickOption(page, dialog(page).getByTestId('field-itemType'), { label: '行政给付' });
    await pickOption(page, dialog(page).getByTestId('field-eventType'), { label: '承诺件' });
    await dialog(page).getByTestId('field-deadlinePromise').fill('10');
    id = (await save(matter)).id;
    await row(id).waitFor();

    await pane().getByTestId('search-itemName').fill(name);
    const searched = listResponse(page, matter, (url) => url.searchParams.get('itemName') === name);
    await pane().getByTestId('btn-search').click();
    await searched;
    await eventually(() => pane().locator('.ant-table-tbody > tr.ant-table-row').count()).toBe(1);

    await openDialog(page, page.getByTestId(`row-edit-${id}`));
    await dialog(page).getByTestId('field-itemName').fill(`${name}改`);
    await save(matter);
    await eventually(async () => (await row(id).innerText()).includes(`${name}改`)).toBe(true);

    await openDialog(page, page.getByTestId(`row-view-${id}`));
    expect(await shownValue(page, 'itemName')).toBe(`${name}改`);
    expect(await shownValue(page, 'deadlinePromise')).toBe('10');
    await page.getByTestId('dialog-cancel').click();
  });

  it('adds a condition under the matter and enables it', async () => {
    await page.getByTestId(`row-parts-${id}`).click();
    const parts = page.getByTestId('matter-parts');
    await parts.waitFor();
    const listed = listResponse(page, matIntCondition, (url) => url.searchParams.get('itemId') === id);
    await parts.getByTestId('matter-part-switch').getByText('受理条件', { exact: true }).click();
    await listed;
    const conditions = page.getByTestId(`matter-part-${matIntCondition.name}`);
    await openDialog(page, conditions.getByTestId('btn-add'));
    await dialog(page).getByTestId('field-conditionInfo').fill('申请人户籍在本区');
    const cond = await save(matIntCondition);
    expect(cond.itemId).toBe(id);
    await conditions.locator(`.ant-table-tbody > tr[data-row-key="${cond.id}"]`).waitFor();

    await page.getByTestId(`row-enable-${id}`).click();
    await page.getByTestId('confirm-ok').click();
    await eventually(() => page.getByTestId(`item-status-${id}`).innerText()).toBe('启用');
  });

  it('opens the seeded guide of a demo matter', async () => {
    await page.getByTestId('btn-reset').first().click();
    await row(LSJZ).waitFor();
    await page.getByTestId(`row-parts-${LSJZ}`).click();
    const guide = page.getByTestId('matter-part-mat-int-service-info');
    const first = guide.locator('.ant-table-tbody > tr.ant-table-row').first();
    await first.waitFor();
    const guideId = await first.getAttribute('data-row-key');
    await openDialog(page, guide.getByTestId(`row-view-${guideId}`));
    expect(await shownValue(page, 'content')).toContain('服务对象');
    await page.getByTestId('dialog-cancel').click();
  });

  it('deletes the matter', async () => {
    await page.getByTestId('matter-parts-close').click();
    await pane().getByTestId('search-itemName').fill(name);
    const searched = listResponse(page, matter, (url) => url.searchParams.get('itemName') === name);
    await pane().getByTestId('btn-search').click();
    await searched;
    const removed = writeResponse(page, matter, 'remove');
    await page.getByTestId(`row-delete-${id}`).click();
    await confirmDelete(page);
    expect((await (await removed).json()).success).toBe(true);
    await row(id).waitFor({ state: 'detached' });
  });
});
