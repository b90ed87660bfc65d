import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { fontsLoaded, tenantAdmin } from '../support/shell.ts';

// Every built-in theme keeps text readable (WCAG AA contrast, checked by axe) on the shell and a few
// key screens: home, a list, and 用户管理 with its department tree and a selected node.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });
const THEMES = ['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'];

async function contrast(page: Page, where: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  // The page asks for reduced motion (support/browser.ts): antd's transitions take no time, so once
  // no opening animation is under way the colours read are the ones shown.
  await page.waitForFunction(() => !document.querySelector('.ant-motion-collapse, [class*="-appear"], [class*="-enter"]'));
  // Some component styles keep a CSS transition of their own (a theme switch fades a container's
  // background): axe reads the colours once none is running.
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'));
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${n.target.join(' ')} ${n.failureSummary?.split('\n').at(-1)?.trim()}`),
  );
}

async function open(page: Page, code: string) {
  await page.getByTestId(`menu-${code}`).click();
  await page.getByTestId(`resource-page-${code}`).locator('.ant-table-tbody').waitFor();
}

describe('built-in themes', () => {
  it('keep every text readable on home, a list and 用户管理', async () => {
    const page = await tenantAdmin(browser);
    await open(page, 'user');
    // A selected tree node and a hovered selected menu entry are among what is checked.
    await page.getByTestId('dept-tree').locator('.ant-tree-node-content-wrapper').first().click();
    await open(page, 'post');
    const found: string[] = [];
    for (const theme of THEMES) {
      await page.getByTestId('btn-theme').click();
      await page.getByTestId(`theme-${theme}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await page.keyboard.press('Escape');
      found.push(...(await contrast(page, `${theme} 岗位管理`)));
      await page.locator('[data-testid=tab][data-key="/system/user"] .shell-tab-label').click();
      await page.getByTestId('resource-page-user').waitFor();
      found.push(...(await contrast(page, `${theme} 用户管理`)));
      if (theme === 'dark') {
        await page.getByTestId('menu-user').hover();
        await fontsLoaded(page);
        await page.screenshot({ path: `${SCREENSHOTS}dark-user.png` });
      }
      await page.locator('[data-testid=tab][data-key="/wel/index"] .shell-tab-label').click();
      found.push(...(await contrast(page, `${theme} 首页`)));
      await page.locator('[data-testid=tab][data-key="/system/post"] .shell-tab-label').click();
      await page.getByTestId('resource-page-post').waitFor();
    }
    expect(found).toEqual([]);
    await page.context().close();
    // 33 axe passes: minutes of CPU on a busy 2-core machine, more than the default limit.
  }, 360_000);
});
