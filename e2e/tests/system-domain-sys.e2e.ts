import { resourceByName } from '@civdesk/resources';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { rowById } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { findNode, type TreeNode, treeNode } from '../support/trees.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, settled } from '../support/waits.ts';

// Domain systems (bmDomainSys) with the menus each one shows: the row action reads them
// (`bmDomainSysMenu/getSysAssignedMenu`) and replaces them (`assignMenu`), as the platform administrator.
const domainSys = resourceByName.get('domain-sys')!;
const MENUS = '/api/blade-system/bmDomainSysMenu';

let browser: Browser;
let page: Page;
let sysId = '';
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(async () => {
  if (sysId) await apiCall(page, 'POST', `${domainSys.api}/remove?ids=${sysId}`);
  await browser?.close();
});

const assigned = async () => ((await apiCall(page, 'GET', `${MENUS}/getSysAssignedMenu?sysId=${sysId}`)).body.data as string[]).sort();
const dialog = () => page.getByTestId('domain-sys-menu-dialog');

async function openAssign(): Promise<Locator> {
  await page.getByTestId(`row-assign-menu-${sysId}`).click();
  await settled(dialog(), '.ant-modal').waitFor();
  const tree = dialog().getByTestId('domain-sys-menu-tree');
  await tree.getByText('岗位管理', { exact: true }).waitFor();
  return tree;
}

describe('domain system menus', () => {
  it('assigns menus to a domain system, shows them when reopened, and replaces them', async () => {
    const code = `d${uniq()}`;
    const created = await apiCall(page, 'POST', `${domainSys.api}/submit`, { sysCode: code, sysName: `域${code}`, sort: 9 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    sysId = String(created.body.data.id);
    const tree: TreeNode[] = (await apiCall(page, 'GET', '/api/blade-system/menu/grant-top-tree')).body.data.menu;
    const post = findNode(tree, '岗位管理')!;
    const users = findNode(tree, '用户管理')!;
    expect(await assigned()).toEqual([]);

    const loaded = listResponse(page, domainSys);
    await page.goto('/system/domain-sys');
    await loaded;
    await rowById(page, domainSys, sysId).waitFor();

    let shown = await openAssign();
    expect(await dialog().locator('.ant-modal-title').innerText()).toBe(`域${code} 菜单分配`);
    expect(await shown.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox').dispatchEvent('click');
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox-checked').waitFor();
    await expectToast(page, '操作成功', () => dialog().getByTestId('dialog-submit').click());
    await eventually(assigned).toEqual([post.id]);

    // Reopened, it shows what the system holds; the set is replaced as a whole.
    await settled(page, '.ant-modal').waitFor({ state: 'detached' });
    shown = await openAssign();
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox-checked').waitFor();
    expect(await treeNode(shown, '用户管理').locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox').dispatchEvent('click');
    await treeNode(shown, '用户管理').locator('.ant-tree-checkbox').dispatchEvent('click');
    await treeNode(shown, '用户管理').locator('.ant-tree-checkbox-checked').waitFor();
    await expectToast(page, '操作成功', () => dialog().getByTestId('dialog-submit').click());
    await eventually(assigned).toEqual([users.id]);

    // Cancelling changes nothing.
    await settled(page, '.ant-modal').waitFor({ state: 'detached' });
    shown = await openAssign();
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox').dispatchEvent('click');
    await dialog().locator('.ant-modal-footer button').first().click();
    await settled(page, '.ant-modal').waitFor({ state: 'detached' });
    expect(await assigned()).toEqual([users.id]);
  });
});
