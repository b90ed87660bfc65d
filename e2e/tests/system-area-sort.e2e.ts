import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, expectToast } from '../support/waits.ts';

// A tenant's own order of regions (areaSort cusLazyList / cusSave), set by its administrator one
// level at a time; other tenants keep the national order.
const API = '/api/blade-system/areaSort';
type Area = { id: string; code: string; name: string };

let browser: Browser;
let tenant: Page;
let platform: Page;
let national: Area[] = [];
beforeAll(async () => {
  browser = await openBrowser();
  tenant = await signedInPage(browser, 'admin', 'admin', '100001');
  platform = await signedInPage(browser);
  national = (await apiCall(tenant, 'POST', `${API}/cusLazyList`, { parentCode: '00' })).body.data;
});
afterAll(async () => {
  // Back to the national order for the tests that follow.
  if (national.length)
    await apiCall(
      tenant,
      'POST',
      `${API}/cusSave`,
      national.map((a, i) => ({ areaId: a.id, sort: i + 1 })),
    );
  await browser?.close();
});

const names = (page: Page) =>
  page.getByTestId('area-sort-screen').locator('.ant-table-tbody > tr.ant-table-row > td:nth-child(2)').allInnerTexts();
const codesOf = async (page: Page, parentCode: string) =>
  ((await apiCall(page, 'POST', `${API}/cusLazyList`, { parentCode })).body.data as Area[]).map((a) => a.code);

describe('region order', () => {
  it('moves a province down and saves the order for this tenant only', async () => {
    expect(national.slice(0, 2).map((a) => a.name)).toEqual(['北京市', '天津市']);
    await tenant.getByTestId('menu-area-sort').click();
    await tenant.getByTestId('area-sort-screen').waitFor();
    await eventually(async () => (await names(tenant)).slice(0, 2)).toEqual(['北京市', '天津市']);
    // Nothing changed yet: nothing to save.
    expect(await tenant.getByTestId('area-sort-save').isDisabled()).toBe(true);
    expect(await tenant.getByTestId('area-up-11').isDisabled()).toBe(true);
    await tenant.getByTestId('area-down-11').click();
    await eventually(async () => (await names(tenant)).slice(0, 2)).toEqual(['天津市', '北京市']);
    await expectToast(tenant, '保存成功', () => tenant.getByTestId('area-sort-save').click());
    expect((await codesOf(tenant, '00')).slice(0, 2)).toEqual(['12', '11']);
    // Another tenant still sees the national order.
    expect((await codesOf(platform, '00')).slice(0, 2)).toEqual(['11', '12']);
  });

  it('opens a level below, orders it, and undoes unsaved moves', async () => {
    await tenant.getByTestId('area-open-32').click();
    await eventually(async () => (await names(tenant))[0]).toBe('南京市');
    const before = await names(tenant);
    await tenant.getByTestId('area-down-3201').click();
    await eventually(async () => (await names(tenant)).slice(0, 2)).toEqual([before[1], '南京市']);
    await tenant.getByTestId('area-sort-reset').click();
    await eventually(names.bind(null, tenant)).toEqual(before);
    await tenant.getByTestId('area-down-3201').click();
    await expectToast(tenant, '保存成功', () => tenant.getByTestId('area-sort-save').click());
    expect((await codesOf(tenant, '32'))[1]).toBe('3201');
    // Back to the whole country through the path.
    await tenant.getByTestId('area-sort-path').getByRole('button', { name: '全国' }).click();
    await eventually(async () => (await names(tenant)).slice(0, 2)).toEqual(['天津市', '北京市']);
    const jiangsu = (await apiCall(tenant, 'POST', `${API}/cusLazyList`, { parentCode: '32' })).body.data as Area[];
    await apiCall(
      tenant,
      'POST',
      `${API}/cusSave`,
      [...jiangsu].sort((a, b) => a.code.localeCompare(b.code)).map((a, i) => ({ areaId: a.id, sort: i + 1 })),
    );
  });
});
