import { resourceByName } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { screen } from '../support/list-screen.ts';
import { signedInPage } from '../support/sign-in.ts';
import { listResponse } from '../support/waits.ts';

// Button permissions on a special screen: the demo tenant's auditor holds only the view buttons,
// its administrator every button of the tenant's resources (seed). The screen shows what
// `menu/buttons` grants and nothing else.
const user = resourceByName.get('user')!;
const TENANT = '100001';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** Opens the users screen and waits for its rows and for the user's buttons. */
async function openUsers(page: Page): Promise<{ codes: string[]; rowId: string }> {
  const buttons = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/blade-system/menu/buttons');
  const list = listResponse(page, user);
  await page.goto('/system/user');
  const body = await (await list).json();
  const codes: string[] = [];
  const walk = (nodes: { code?: string; children?: unknown[] }[]) => {
    for (const n of nodes ?? []) {
      if (n.code) codes.push(n.code);
      walk((n.children ?? []) as typeof nodes);
    }
  };
  walk((await (await buttons).json()).data);
  const rowId = String(body.data.records.find((r: { account: string }) => r.account === 'caseworker').id);
  await screen(page, user).locator(`tr[data-row-key="${rowId}"]`).waitFor();
  return { codes, rowId };
}

const toolbar = ['btn-add', 'btn-batch-delete', 'btn-grant', 'btn-reset-password', 'btn-unlock', 'btn-secret', 'btn-revoke'];
const rowActions = (id: string) => [`row-edit-${id}`, `row-delete-${id}`, `row-grant-${id}`, `row-platform-${id}`];

describe('button permissions on the users screen', () => {
  it('hides the actions the auditor holds no button for, keeps view', async () => {
    const page = await signedInPage(browser, 'auditor', 'auditor', TENANT);
    const { codes, rowId } = await openUsers(page);
    expect(codes).toContain('user_view');
    expect(codes).not.toContain('user_add');
    expect(codes).not.toContain('user_reset');
    await page.getByTestId(`row-view-${rowId}`).waitFor();
    // The actions are shown while the buttons load, then go.
    for (const id of [...toolbar, ...rowActions(rowId)]) await page.getByTestId(id).waitFor({ state: 'detached' });
    // No selection column either: nothing the auditor could do with selected rows.
    expect(await screen(page, user).locator('.ant-table-selection-column').count()).toBe(0);
    await page.context().close();
  });

  it('shows them to the tenant administrator, who holds the buttons', async () => {
    const page = await signedInPage(browser, 'admin', 'admin', TENANT);
    const { codes, rowId } = await openUsers(page);
    expect(codes).toEqual(expect.arrayContaining(['user_add', 'user_reset', 'user_grant']));
    // The secondary actions sit in 更多.
    await page.getByTestId('btn-more').click();
    for (const id of [...toolbar, ...rowActions(rowId), `row-view-${rowId}`]) await page.getByTestId(id).waitFor();
    await page.context().close();
  });
});
