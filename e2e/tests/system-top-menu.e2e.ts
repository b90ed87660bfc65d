import { resourceByName } from '@civdesk/resources';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { rowById } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { findNode as find, type TreeNode as Node, treeNode, treeTitles } from '../support/trees.ts';
import { uniq } from '../support/values.ts';
import { eventually, expectToast, listResponse, settled } from '../support/waits.ts';

// The top-menu screen's own grant: which menus a top menu shows (`topmenu/grant`, read back with
// `menu/top-tree-keys`), as the platform administrator.
const topMenu = resourceByName.get('top-menu')!;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(() => browser?.close());

const heldKeys = async (id: string) =>
  (await apiCall(page, 'GET', `/api/blade-system/menu/top-tree-keys?topMenuIds=${id}`)).body.data.menu as string[];

async function openGrant(id: string): Promise<Locator> {
  await page.getByTestId(`row-menu-grant-${id}`).click();
  const dialog = page.getByTestId('top-menu-grant-dialog');
  await settled(dialog, '.ant-modal').waitFor();
  const tree = dialog.getByTestId('top-menu-grant-tree');
  await tree.getByText('岗位管理', { exact: true }).waitFor();
  return tree;
}

describe('top menu grant', () => {
  it('binds menus to a top menu, shows them when reopened, and replaces them', async () => {
    const code = `t${uniq()}`;
    const created = await apiCall(page, 'POST', '/api/blade-system/topmenu/submit', {
      code,
      name: `顶部${code}`.slice(0, 20),
      sort: 7,
      source: 'HomeOutlined',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = String(created.body.data.id);
    const tree: Node[] = (await apiCall(page, 'GET', '/api/blade-system/menu/grant-top-tree')).body.data.menu;
    const post = find(tree, '岗位管理')!;
    expect(await heldKeys(id)).toEqual([]);

    const loaded = listResponse(page, topMenu);
    await page.goto('/system/top-menu');
    await loaded;
    await rowById(page, topMenu, id).waitFor();

    let shown = await openGrant(id);
    expect(await shown.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox').dispatchEvent('click');
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox-checked').waitFor();
    await expectToast(page, '操作成功', () => page.getByTestId('top-menu-grant-dialog').getByTestId('dialog-submit').click());
    await eventually(heldKeys.bind(null, id)).toEqual([post.id]);
    // The sidebar of that top menu now shows the post menu (and the path to it), nothing else of the system menus.
    const routes: Node[] = (await apiCall(page, 'GET', `/api/blade-system/menu/routes?topMenuId=${id}`)).body.data.map(function named(
      n: Node & { name?: string },
    ): Node {
      return { id: n.id, title: String(n.name ?? n.title), children: (n.children ?? []).map(named) };
    });
    expect(treeTitles(routes)).toContain('岗位管理');
    expect(treeTitles(routes)).not.toContain('用户管理');

    // Reopened, the dialog reads what the top menu holds; a parent checked brings its children.
    await settled(page, '.ant-modal').waitFor({ state: 'detached' });
    shown = await openGrant(id);
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox-checked').waitFor();
    expect(await treeNode(shown, '用户管理').locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await treeNode(shown, '岗位管理').locator('.ant-tree-checkbox').dispatchEvent('click');
    await treeNode(shown, '用户管理').locator('.ant-tree-checkbox').dispatchEvent('click');
    await treeNode(shown, '用户管理').locator('.ant-tree-checkbox-checked').waitFor();
    await expectToast(page, '操作成功', () => page.getByTestId('top-menu-grant-dialog').getByTestId('dialog-submit').click());
    await eventually(heldKeys.bind(null, id)).toEqual([find(tree, '用户管理')!.id]);
  });

  it('shows the toolbar action, which needs a selection', async () => {
    await page.goto('/system/top-menu');
    await expectToast(page, '请选择', () => page.getByTestId('btn-menu-grant').click());
  });
});
