import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { tenantAdmin } from '../support/shell.ts';

// English mode translates everything the product owns in the shell: the side and top menus, page
// titles and breadcrumbs, tabs opened before the switch, the tab and user menus. What users typed
// (names, rows) may be Chinese; the shell's own texts may not.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

/**
 * The shell's own texts, one per text node (the user's name is data; the language switch names
 * the language it switches to, in that language, as language switches do).
 */
const shellText = (page: Page) =>
  page.evaluate(() => {
    const skip = '[data-testid=sider-user], [data-testid=user-name], [data-testid=lang-switch]';
    const texts: string[] = [];
    for (const css of ['[data-testid=sider]', '.shell-header', '[data-testid=tabs-bar]', '.shell-page-head']) {
      const root = document.querySelector(css);
      if (!root) continue;
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.parentElement?.closest(skip) && n.textContent?.trim()) texts.push(n.textContent.trim());
      }
    }
    return texts;
  });

const cjkIn = (texts: string[] | string) => (typeof texts === 'string' ? texts.split(/\s+/) : texts).filter((w) => CJK.test(w));

describe('English mode', () => {
  it('leaves no Chinese in the shell, the tabs opened before the switch included', async () => {
    const page = await tenantAdmin(browser);
    for (const code of ['area-sort', 'user', 'pw-strategy', 'post']) {
      await page.getByTestId(`menu-${code}`).click();
      await page.waitForURL((u) => u.pathname === `/system/${code}`);
      await page.locator(`[data-testid=tab][data-key="/system/${code}"]`).waitFor();
    }
    await page.getByTestId('top-menu-system').waitFor({ timeout: 10_000 });
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Posts');
    expect(cjkIn(await shellText(page))).toEqual([]);
    expect(await page.getByTestId('top-menu-system').innerText()).toBe('System');
    // The list's checkbox labels are the product's too (antd's own header label is English only).
    const selectAll = page.locator('.ant-table-thead .ant-checkbox-input').first();
    await expect.poll(() => selectAll.getAttribute('aria-label')).toBe('Select all rows');
    expect(await page.getByTestId('tab').allInnerTexts()).toEqual(['Home', 'Region order', 'Users', 'Password policy', 'Posts']);
    for (const code of ['area-sort', 'user', 'pw-strategy']) {
      await page.locator(`[data-testid=tab][data-key="/system/${code}"] .shell-tab-label`).click();
      await page.waitForURL((u) => u.pathname === `/system/${code}`);
      await expect.poll(async () => cjkIn(await shellText(page))).toEqual([]);
    }
    // The menus behind the tab and user buttons.
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    for (const button of ['tabs-menu', 'user-menu']) {
      await page.getByTestId(button).click();
      await menu.first().waitFor();
      expect(cjkIn(await menu.first().innerText()), button).toEqual([]);
      await page.getByTestId(button).click();
      await expect.poll(() => menu.count()).toBe(0);
    }
    // Back to Chinese: the tabs follow.
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('tab').allInnerTexts()).toEqual(['首页', '区划排序', '用户管理', '密码策略', '岗位管理']);
    await page.locator('[data-testid=tab][data-key="/system/post"] .shell-tab-label').click();
    await page.waitForURL((u) => u.pathname === '/system/post');
    await expect.poll(() => page.locator('.ant-table-thead .ant-checkbox-input').first().getAttribute('aria-label')).toBe('全选本页');
    await page.context().close();
  });
});
