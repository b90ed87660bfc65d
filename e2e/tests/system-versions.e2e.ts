import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { openFromMenu } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually } from '../support/waits.ts';

// The version-upgrade log screen with the database versions beneath it (the migration table).
const versionLog = resourceByName.get('version-log')!;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('versions', () => {
  it('lists the deployments and, beneath, every applied migration newest first', async () => {
    const deployments = (await (await openFromMenu(page, versionLog)).json()).data.records as { version: string }[];
    expect(deployments.length).toBeGreaterThan(0);
    const applied = (await apiCall(page, 'GET', '/api/blade-upgrade/dbversions/list?size=1000')).body.data;
    expect(applied.total).toBeGreaterThanOrEqual(5);
    const table = page.getByTestId('db-versions');
    const cells = (col: number) => table.locator(`.ant-table-tbody > tr.ant-table-row > td:nth-child(${col})`).allInnerTexts();
    const shown = applied.records.slice(0, 10) as { version: string; name: string }[];
    await eventually(() => cells(1)).toEqual(shown.map((v) => v.version));
    expect(await cells(2)).toEqual(shown.map((v) => v.name));
    expect(shown[0].version > shown[shown.length - 1].version).toBe(true);
    expect(await table.locator('.ant-table-thead th').allInnerTexts()).toEqual(['版本', '脚本名称', '校验和', '执行时间']);
  });
});
