import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { openBrowser } from '../support/browser.ts';
import { dialog, openDialog } from '../support/dialogs.ts';
import { screen } from '../support/list-screen.ts';
import { signedInPage } from '../support/sign-in.ts';
import { eventually, listResponse } from '../support/waits.ts';

// Small things a form or list must get right: a region's name filled in when it is chosen, the
// holiday list as dates, the dictionary entries opened where the eye is.
const dept = resourceByName.get('dept')!;
const holidays = resourceByName.get('holiday-schedule')!;
const dict = resourceByName.get('dict')!;
const pathOf = (name: string) => {
  const m = resourceByName.get(name)!.menu;
  if (!m) throw new Error(`${name} has no screen`);
  return m.path;
};

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('form and list details', () => {
  let page: Page;

  it('fills 区域名称 when 所属区域 is chosen', async () => {
    page = await signedInPage(browser, 'admin', 'admin', DEMO_TENANT);
    await page.goto(pathOf('dept'));
    await screen(page, dept).waitFor();
    await openDialog(page, page.getByTestId('btn-add'));
    const area = dialog(page).getByTestId('field-areaId');
    await area.click();
    const node = page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode:not([aria-hidden])').first();
    await node.waitFor();
    const title = await node.locator('.ant-select-tree-node-content-wrapper').getAttribute('title');
    await node.locator('.ant-select-tree-node-content-wrapper').click();
    expect(title).toBeTruthy();
    await eventually(() => dialog(page).getByTestId('field-areaName').inputValue()).toBe(String(title));
    await page.getByTestId('dialog-cancel').click();
    await page.context().close();
  });

  it('shows the holiday list as dates, not JSON', async () => {
    page = await signedInPage(browser);
    const first = listResponse(page, holidays);
    await page.goto(pathOf('holiday-schedule'));
    const row = (await (await first).json()).data.records[0];
    const cell = page.getByTestId(`holidays-${row.id}`);
    await cell.waitFor();
    const text = await cell.innerText();
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} [休班]/);
    expect(text).not.toContain('{');
  });

  it('opens a dictionary’s entries where the eye is, and the hint says where to click', async () => {
    await page.goto(pathOf('dict'));
    await screen(page, dict).waitFor();
    const hint = await page.getByTestId(`dict-entries-empty-${dict.name}`).innerText();
    expect(hint).toContain('「字典配置」');
    expect(hint).not.toContain('左侧');
    const config = screen(page, dict).locator('[data-testid^="row-dict-config-"]').first();
    await config.click();
    const entries = page.getByTestId(`dict-entries-${dict.name}`);
    await eventually(() => entries.getAttribute('data-marked')).toBe('true');
    // Scrolled to: the entries' top is on screen.
    await eventually(async () => {
      const box = await entries.boundingBox();
      return Boolean(box && box.y >= 0 && box.y < 900);
    }).toBe(true);
    await page.context().close();
  });
});
