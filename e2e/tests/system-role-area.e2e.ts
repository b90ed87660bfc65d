import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { dialog, openDialog } from '../support/dialogs.ts';
import { openFromMenu } from '../support/list-screen.ts';
import { openDropdown } from '../support/pickers.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, writeResponse } from '../support/waits.ts';

// A role's area is a region of level 4 (a township or street): the role form's region picker lets the user
// open provinces, cities and counties but choose only a township or street, and the server refuses
// any other level with its message.
const role = resourceByName.get('role')!;
const AREA_MESSAGE = '所属区域只能选择乡镇街道级（第4级）区划';

let browser: Browser;
let platform: Page;
let tenant: Page;
let county: { id: string; name: string };
let town: { id: string; name: string };
const alias = `area${uniq()}`;

beforeAll(async () => {
  browser = await openBrowser();
  platform = await signedInPage(browser);
  // The browser tests' server seeds regions down to counties: the platform adds a street under one.
  county = (await apiCall(platform, 'GET', '/api/blade-system/area/detail?code=320102')).body.data;
  const code = `320102${String(Date.now()).slice(-3)}`;
  const made = await apiCall(platform, 'POST', '/api/blade-system/region/submit', {
    parentId: county.id,
    code,
    name: `测试街道${code.slice(-3)}`,
    fullName: `江苏省南京市玄武区测试街道${code.slice(-3)}`,
    pycode: 'CSJD',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  town = (await apiCall(platform, 'GET', `/api/blade-system/area/detail?code=${code}`)).body.data;
  tenant = await signedInPage(browser, 'admin', 'admin', '100001');
});
afterAll(async () => {
  if (town) await apiCall(platform, 'POST', `/api/blade-system/region/remove?ids=${town.id}`);
  await browser?.close();
});

const treeNode = (page: Page, title: string) =>
  openDropdown(page).locator('.ant-select-tree-treenode', { has: page.locator(`.ant-select-tree-node-content-wrapper[title="${title}"]`) });

/** Opens a node of the open tree select and waits for its children. */
async function expand(page: Page, title: string, child: string) {
  await treeNode(page, title).locator('.ant-select-tree-switcher').click();
  await treeNode(page, child).waitFor();
}

describe('role area (regions of level 4)', () => {
  it('the picker opens the levels above but chooses only a township or street', async () => {
    await openFromMenu(tenant, role);
    await openDialog(tenant, tenant.getByTestId('btn-add'));
    await tenant.getByTestId('field-roleName').fill('区域角色');
    await tenant.getByTestId('field-roleAlias').fill(alias);
    await tenant.getByTestId('field-sort').fill('1');
    const field = dialog(tenant).getByTestId('field-areaId');
    await field.click();
    await treeNode(tenant, '江苏省').waitFor();
    // A province is not a choice: clicking it leaves the field empty.
    await treeNode(tenant, '江苏省').locator('.ant-select-tree-node-content-wrapper').click();
    expect(await dialog(tenant).locator('.ant-select-selection-item').count()).toBe(0);
    await expand(tenant, '江苏省', '南京市');
    await expand(tenant, '南京市', county.name);
    await expand(tenant, county.name, town.name);
    // The street is a leaf: nothing below level 4 is offered.
    expect(await treeNode(tenant, town.name).locator('.ant-select-tree-switcher-noop').count()).toBe(1);
    await treeNode(tenant, town.name).locator('.ant-select-tree-node-content-wrapper').click();
    await eventually(() => dialog(tenant).locator('.ant-select-selection-item').innerText()).toBe(town.name);

    const saved = writeResponse(tenant, role, 'submit');
    await expectToast(tenant, '新增成功', async () => {
      await tenant.getByTestId('dialog-submit').click();
      expect((await (await saved).json()).success).toBe(true);
    });
    const found = await apiCall(tenant, 'GET', `${role.api}/list?roleAlias_equal=${alias}`);
    const rows = found.body.data as { roleAlias: string; areaId: string }[];
    expect(rows.find((r) => r.roleAlias === alias)?.areaId).toBe(town.id);
  });

  it('the server refuses a county as the area, with its message, and keeps the street', async () => {
    const found = await apiCall(tenant, 'GET', `${role.api}/list?roleAlias_equal=${alias}`);
    const id = (found.body.data as { id: string; roleAlias: string }[]).find((r) => r.roleAlias === alias)!.id;
    const refused = await apiCall(tenant, 'POST', `${role.api}/submit`, { id, areaId: county.id });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(AREA_MESSAGE);
    expect((await apiCall(tenant, 'GET', `${role.api}/detail?id=${id}`)).body.data.areaId).toBe(town.id);
    expect((await apiCall(tenant, 'POST', `${role.api}/remove?ids=${id}`)).status).toBe(200);
  });
});
