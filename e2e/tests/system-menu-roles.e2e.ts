import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { dialog, openDialog } from '../support/dialogs.ts';
import { screen } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { expectToast } from '../support/waits.ts';

// The sidebar's role restriction (可见角色): set in the menu form, sent with the routes, and an entry
// restricted to roles the user does not hold is not in their menu. The platform administrator sees
// every menu otherwise, so only the restriction can hide it. The menu is a child of a group, which
// the walk of the seeded menus leaves alone.
const menu = resourceByName.get('menu')!;
const run = Date.now().toString(36).slice(-6);

let browser: Browser;
let page: Page;
let made: string | undefined;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser);
});
afterAll(async () => {
  if (made) await apiCall(page, 'POST', `${menu.api}/remove?ids=${made}`);
  await browser?.close();
});

/** Leaves of the user's menu found by the menu search overlay for this text. */
async function searched(text: string, code: string): Promise<boolean> {
  await page.getByTestId('btn-menu-search').click();
  const overlay = page.locator('.ant-modal', { hasText: '菜单搜索' });
  await overlay.waitFor();
  await page.getByTestId('menu-search-input').fill(text);
  const hit = page.getByTestId(`menu-search-${code}`);
  const none = page.getByText('没有匹配的菜单');
  await hit.or(none).first().waitFor();
  const found = await hit.isVisible();
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'hidden' });
  return found;
}

describe('可见角色 of a menu', () => {
  it('is set in the form; the entry is left out of the menu of users without the role', async () => {
    const code = `roles${run}`;
    const name = `角色限制${run}`;
    await page.goto(menu.menu ? menu.menu.path : '');
    await screen(page, menu).waitFor();
    const addChild = screen(page, menu).locator('[data-testid^="row-add-child-"]').first();
    await addChild.waitFor();
    await openDialog(page, addChild);
    const form = dialog(page);
    await form.getByTestId('field-code').fill(code);
    await form.getByTestId('field-name').fill(name);
    await form.getByTestId('field-alias').fill(code);
    await form.getByTestId('field-path').fill(`/spec/${code}`);
    await form.getByTestId('field-sort').fill('99');
    await form.getByTestId('field-source').click();
    await page.keyboard.type('TeamOut');
    await page.locator('.ant-select-dropdown:visible [data-icon="TeamOutlined"]').click();
    await form.getByTestId('field-roles').fill(`nobody${run}`);
    const saved = page.waitForResponse((r) => r.url().includes(`${menu.api}/submit`));
    await expectToast(page, '新增成功', () => page.getByTestId('dialog-submit').click());
    made = (await (await saved).json()).data.id;

    const routes = JSON.stringify((await apiCall(page, 'GET', `${menu.api}/routes`)).body.data);
    expect(routes).toContain(`"roles":"nobody${run}"`);
    await page.reload();
    expect(await searched(name, code)).toBe(false);

    // The user's own role listed: the entry is there (the search does find such a menu).
    const row = (await apiCall(page, 'GET', `${menu.api}/detail?id=${made}`)).body.data;
    expect((await apiCall(page, 'POST', `${menu.api}/submit`, { ...row, roles: `nobody${run},administrator` })).status).toBe(200);
    await page.reload();
    expect(await searched(name, code)).toBe(true);
  });
});
