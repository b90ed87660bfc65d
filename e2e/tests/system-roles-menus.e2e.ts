import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { dialog, dialogErrors, openDialog } from '../support/dialogs.ts';
import { pickOption } from '../support/pickers.ts';
import { apiCall, rowsOf } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { findNode as find, type TreeNode as Node, treeIds } from '../support/trees.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse } from '../support/waits.ts';

// The role grant dialog (menus with their buttons, data scopes) and the scopes beneath a menu, as
// the platform administrator (who holds every button).
const role = resourceByName.get('role')!;
const menu = resourceByName.get('menu')!;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

describe('role grant dialog', () => {
  it('grants a menu with its buttons, its parent half-checked, and a data scope', async () => {
    const created = await apiCall(page, 'POST', '/api/blade-system/role/submit', {
      parentId: '0',
      roleName: `授权${uniq()}`.slice(0, 10),
      roleAlias: `g${uniq()}`,
      sort: 9,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const roleId = created.body.data.id;
    const tree = (await apiCall(page, 'GET', '/api/blade-system/menu/grant-tree')).body.data;
    const postMenu = find(tree.menu, '岗位管理')!;
    const root = tree.menu.find((n: Node) => find([n], '岗位管理'))!;

    const loaded = listResponse(page, role);
    await page.goto('/system/role');
    await loaded;
    await page.getByTestId(`row-grant-${roleId}`).click();
    const grant = page.getByTestId('role-grant-dialog');
    const menus = grant.getByTestId('grant-tree-menu');
    await menus.getByText('岗位管理', { exact: true }).waitFor();
    // Clicked as events: the trees re-lay out while they open (the next node may lie over a box for a moment).
    await menus
      .locator('.ant-tree-treenode', { has: page.getByText('岗位管理', { exact: true }) })
      .locator('.ant-tree-checkbox')
      .dispatchEvent('click');
    await grant.getByTestId('grant-tab-dataScope').click();
    const scopes = grant.getByTestId('grant-tree-dataScope');
    // The tab's tree opens fully expanded.
    const scopeLeaf = find(tree.dataScope, '岗位管理')!.children![0];
    await scopes.getByText(scopeLeaf.title, { exact: true }).first().waitFor();
    await scopes
      .locator('.ant-tree-treenode', { has: page.getByText(scopeLeaf.title, { exact: true }) })
      .first()
      .locator('.ant-tree-checkbox')
      .dispatchEvent('click');
    await scopes.locator('.ant-tree-checkbox-checked').first().waitFor();
    await expectToast(page, '操作成功', () => page.getByTestId('dialog-submit').click());

    const held = (await apiCall(page, 'GET', `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`)).body.data;
    expect(held.menu).toEqual(expect.arrayContaining(treeIds([postMenu])));
    expect(held.menu).toContain(root.id); // the half-checked parent is granted too
    expect(held.menu.length).toBe(treeIds([postMenu]).length + 1);
    expect(held.dataScope).toEqual([scopeLeaf.id]);

    // Opened again, the dialog shows what the role holds.
    await page.getByTestId(`row-grant-${roleId}`).click();
    const again = page.getByTestId('role-grant-dialog').getByTestId('grant-tree-menu');
    await again.locator('.ant-tree-checkbox-checked').first().waitFor();
    expect(await again.locator('.ant-tree-checkbox-checked').count()).toBe(treeIds([postMenu]).length);
    await page.getByTestId('role-grant-dialog').locator('.ant-modal-close').click();
  });
});

describe('menu scopes', () => {
  it('lists the scopes of one menu and adds one beneath it', async () => {
    const loaded = listResponse(page, menu);
    await page.goto('/system/menu');
    await loaded;
    await page.getByTestId('search-code').fill('post');
    const searched = listResponse(page, menu, (url) => url.searchParams.get('code') === 'post');
    await page.getByTestId('btn-search').click();
    const rows = rowsOf((await (await searched).json()).data);
    const postMenu = rows.find((r) => r.code === 'post')!;
    await page.getByTestId(`row-scopes-${postMenu.id}`).click();
    const scopes = page.getByTestId('menu-scopes-dialog');
    const data = scopes.getByTestId('menu-scopes-data');
    await data.locator('.ant-table-row').first().waitFor();
    const seeded = (await apiCall(page, 'GET', `/api/blade-system/data-scope/page?menuId_equal=${postMenu.id}&size=100`)).body.data;
    expect(await data.locator('.ant-table-row').count()).toBe(Math.min(seeded.total, 10));

    await openDialog(page, data.getByTestId('btn-add'));
    const name = `范围${uniq()}`.slice(0, 12);
    await page.getByTestId('dialog-submit').click();
    await eventually(async () => (await dialogErrors(page)).includes('请输入权限名称')).toBe(true);
    await dialog(page).getByTestId('field-resourceCode').fill('post');
    await dialog(page).getByTestId('field-scopeName').fill(name);
    await dialog(page).getByTestId('field-scopeColumn').fill('create_user');
    await dialog(page).getByTestId('field-scopeClass').fill('post.page');
    await pickOption(page, dialog(page).getByTestId('field-scopeType'));
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    await data.getByText(name).waitFor();
    const after = (await apiCall(page, 'GET', `/api/blade-system/data-scope/page?menuId_equal=${postMenu.id}&scopeName=${name}`)).body.data;
    expect(after.records.map((r: { menuId: string }) => String(r.menuId))).toEqual([postMenu.id]);

    await scopes.getByTestId('scopes-tab-api').click();
    await scopes.getByTestId('menu-scopes-api').locator('.ant-table-row').first().waitFor();
  });
});
