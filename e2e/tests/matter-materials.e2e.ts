import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { confirmDelete, dialog, openDialog } from '../support/dialogs.ts';
import { addRow } from '../support/forms.ts';
import { rowById, screen } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { tenantAdmin } from '../support/shell.ts';
import { eventually, expectToast, listResponse, writeResponse } from '../support/waits.ts';

// The materials room's screens as the demo tenant's administrator: material templates (add,
// search, edit, view, delete, built-in rows kept), the materials list with its upload limit, and
// the print template preview as a PDF.

const templates = resourceByName.get('mat-int-materials-template')!;
const materials = resourceByName.get('mat-int-materials')!;
const printTemplates = resourceByName.get('mat-print-template')!;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await tenantAdmin(browser);
});
afterAll(() => browser?.close());

async function open(r: typeof templates, path: string) {
  const loaded = listResponse(page, r);
  await page.goto(path);
  await loaded;
}

describe('material templates', () => {
  it('adds, searches, edits, views and deletes a template; a built-in one cannot be deleted', async () => {
    await open(templates, '/matter/mat-int-materials-template');
    const name = `浏览器测试模板${Date.now().toString(36)}`;
    const { id } = await addRow(page, templates, { templateName: name });
    const searched = listResponse(page, templates, (u) => u.searchParams.get('templateName') === name);
    await page.getByTestId('search-templateName').fill(name);
    await page.getByTestId('btn-search').click();
    await searched;
    await rowById(page, templates, id).waitFor();
    await eventually(async () => screen(page, templates).locator('.ant-table-tbody > tr.ant-table-row').count()).toBe(1);

    await openDialog(page, page.getByTestId(`row-edit-${id}`));
    await dialog(page).getByTestId('field-templateName').fill(`${name}改`);
    const saved = writeResponse(page, templates, 'submit');
    await expectToast(page, '更新成功', () => page.getByTestId('dialog-submit').click());
    expect((await (await saved).json()).data.templateName).toBe(`${name}改`);
    await dialog(page).waitFor({ state: 'hidden' });

    await openDialog(page, page.getByTestId(`row-view-${id}`));
    expect(await dialog(page).getByTestId('field-templateName').inputValue()).toBe(`${name}改`);
    await page.getByTestId('dialog-cancel').click();

    await page.getByTestId(`row-delete-${id}`).click();
    await expectToast(page, '删除成功', () => confirmDelete(page));
    const gone = await apiCall(page, 'GET', `${templates.api}/detail?id=${id}`);
    expect(gone.body.data ?? null).toBeNull();

    const builtIn = (await apiCall(page, 'GET', `${templates.api}/page?isSys=1&size=1`)).body.data.records[0];
    const refused = await apiCall(page, 'POST', `${templates.api}/remove?ids=${builtIn.id}`);
    expect(refused.body.msg).toBe('系统内置数据不可删除');
  });
});

describe('materials', () => {
  it('lists the demo matters’ materials and refuses an oversized sample file before uploading it', async () => {
    await open(materials, '/matter/mat-int-materials');
    await rowById(page, materials, '1905000000000000011').waitFor();
    await openDialog(page, page.getByTestId('btn-add'));
    const file = dialog(page).locator('input[type="file"]').first();
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/oss/endpoint/put-file')) uploads++;
    });
    await expectToast(page, '只能上传一个文件，且不超过10240KB', () =>
      file.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10241 * 1024, 0x25) }),
    );
    expect(uploads).toBe(0);
    expect(await dialog(page).getByTestId('field-demonstrationUrl').inputValue()).toBe('');
    await page.getByTestId('dialog-cancel').click();
  });
});

describe('print template preview', () => {
  it('opens the template filled from its print SQL as a PDF', async () => {
    await open(printTemplates, '/matter/mat-print-template');
    await page.getByTestId('row-previewPDF-1904000000000000001').click();
    await page.getByTestId('preview-itemId').fill('1901000000000000001');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/matPrintTemplate/previewPDF/1904000000000000001'));
    await page.getByTestId('preview-run').click();
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const body = await res.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.length).toBeGreaterThan(2000);
    expect(new URL(res.url()).searchParams.get('itemId')).toBe('1901000000000000001');
    await page.getByTestId('preview-frame').waitFor();
  });
});
