import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT } from '../support/accounts.ts';
import { openBrowser } from '../support/browser.ts';
import { dialog, openDialog } from '../support/dialogs.ts';
import { bodyRows, screen } from '../support/list-screen.ts';
import { apiCall } from '../support/rows.ts';
import { signedInPage } from '../support/sign-in.ts';
import { uniq } from '../support/values.ts';
import { eventually, listResponse } from '../support/waits.ts';

// Paging and dialogs as keyboard users and people with long lists expect them: numbering that
// continues, a page to jump to, no changes lost to a stray Escape, focus back where it was and a
// visible focus mark.
const post = resourceByName.get('post')!;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  page = await signedInPage(browser, 'admin', 'admin', DEMO_TENANT);
  const run = uniq();
  for (let i = 0; i < 11; i++)
    await apiCall(page, 'POST', '/api/blade-system/post/submit', { category: 1, postCode: `k${run}${i}`, postName: `键盘${i}`, sort: 50 });
});
afterAll(() => browser?.close());

const activeTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

describe('lists and dialogs by keyboard', () => {
  it('numbers rows across pages and jumps to a page', async () => {
    await page.goto('/system/post');
    await screen(page, post).waitFor();
    await bodyRows(page, post).first().waitFor();
    const jumper = screen(page, post).locator('.ant-pagination-options-quick-jumper input');
    const second = listResponse(page, post, (url) => url.searchParams.get('current') === '2');
    await jumper.fill('2');
    await jumper.press('Enter');
    await second;
    await eventually(async () => (await bodyRows(page, post).first().locator('td').nth(1).innerText()).trim()).toBe('11');
  });

  it('asks before Escape throws changes away, and gives the focus back to the opening button', async () => {
    await page.getByTestId('btn-add').focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByTestId('field-postName').waitFor();
    await dialog(page).getByTestId('field-postName').fill('未保存');
    // A clearly visible focus mark on the field.
    const outline = await dialog(page)
      .getByTestId('field-postName')
      .evaluate((el) => {
        // A field with a clear button is drawn by its wrapper, which carries the mark.
        const s = getComputedStyle(el.closest('.ant-input-affix-wrapper') ?? el);
        return `${document.activeElement === el ? '' : 'not focused '}${s.outlineStyle} ${s.outlineWidth}`;
      });
    expect(outline).toBe('solid 2px');
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-cancel').click();
    await page.getByTestId('discard-cancel').waitFor({ state: 'detached' });
    expect(await dialog(page).getByTestId('field-postName').inputValue()).toBe('未保存');
    await dialog(page).getByTestId('field-postName').focus();
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-ok').click();
    await dialog(page).waitFor({ state: 'detached' });
    await eventually(activeTestId).toBe('btn-add');
  });

  it('closes an unchanged dialog on Escape without asking', async () => {
    await openDialog(page, page.getByTestId('btn-add'));
    await dialog(page).getByTestId('field-postName').focus();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.getByTestId('discard-ok').count()).toBe(0);
  });
});
