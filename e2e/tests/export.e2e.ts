import { exportFile, exportTemplate } from '@civdesk/resources';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { downloadedBytes } from '../support/downloads.ts';
import { openFromMenu, rowById, showRows } from '../support/list-screen.ts';
import { ownerOf } from '../support/resources.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';

// 导出模板 → 导出 → 我的导出: the export runs in the background, its bar fills, the file downloads.
let browser: Browser;
let page: Page;
const made: string[] = [];

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser, ...ownerOf(exportTemplate));
});
afterAll(async () => {
  if (made.length) await apiCall(page, 'POST', `${exportTemplate.api}/remove?ids=${made.join(',')}`);
  await browser?.close();
});

describe('导出模板 and 我的导出', () => {
  it('exports a template in the background and downloads the file once its bar is full', async () => {
    const name = `岗位${uniq()}`;
    const res = await apiCall(page, 'POST', `${exportTemplate.api}/save`, {
      templateName: name,
      resourceName: 'post',
      columns: JSON.stringify([{ key: 'postCode', header: '编号' }, { key: 'postName' }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = String(res.body.data.id);
    made.push(id);

    await page.goto('/');
    await openFromMenu(page, exportTemplate);
    await showRows(page, exportTemplate, [id]);
    await rowById(page, exportTemplate, id).getByTestId(`row-export-${id}`).click();
    await page.waitForURL((u) => u.pathname === (exportFile.menu ? exportFile.menu.path : ''));
    const table = page.getByTestId('my-exports');
    await table.waitFor();
    const first = table.locator('.ant-table-tbody > tr.ant-table-row').first();
    const fileId = await first.getAttribute('data-row-key');
    // The list polls while the job runs: the download link appears without a reload.
    const link = page.getByTestId(`export-download-${fileId}`);
    await link.waitFor({ timeout: 20_000 });
    // A full bar shows the done mark instead of its percentage.
    expect(await page.getByTestId(`export-progress-${fileId}`).getAttribute('class')).toContain('ant-progress-status-success');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}_\\d{14}\\.xlsx$`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['编号', '岗位名称']);
    const posts = await apiCall(page, 'GET', '/api/blade-system/post/page?size=1000');
    expect(wb.worksheets[0].actualRowCount - 1).toBe(posts.body.data.total);
    await apiCall(page, 'POST', `${exportFile.api}/remove?ids=${fileId}`);
  }, 60_000);
});
