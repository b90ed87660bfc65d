import { registry, screens } from '@civdesk/resources';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT, PLATFORM_ADMIN } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { openBrowser } from '../support/browser.ts';
import { listedResources, ownerOf } from '../support/resources.ts';
import { closeActiveTab, pathOf } from '../support/shell.ts';
import { signedInPage } from '../support/sign-in.ts';

// Every menu the seed gives a built-in role leads to a working screen inside the shell, under its
// group in the breadcrumb; an address outside the user's menu answers 403 inside the shell. A list
// screen the generic walk (resource-screens.e2e.ts) already opens from the menu as the same account
// is not opened again: the administrators' walks keep the screens only this file opens.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

type Menu = { code: string; name: string; path: string; category?: number; children?: Menu[] };

const accounts: [string, string, string][] = [
  [PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId],
  ['admin', 'admin', DEMO_TENANT],
  ['caseworker', 'caseworker', DEMO_TENANT],
  ['auditor', 'auditor', DEMO_TENANT],
];

const tokenOf = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('civdesk-token') ?? '{}').content as string);

async function menusOf(page: Page): Promise<Menu[]> {
  return (await api('/api/blade-system/menu/routes', { token: await tokenOf(page) })).body.data as Menu[];
}

/** The screens the product declares (its seeded menus). */
const seeded = new Set([...registry.map((r) => r.name), ...screens.map((s) => s.name)]);

/** The list screens the generic walk opens from the menu as this account. */
const walkedAs = (account: string, tenant: string) =>
  new Set(listedResources.filter((r) => ownerOf(r)[0] === account && ownerOf(r)[2] === tenant).map((r) => r.name));

describe('the seeded menus', () => {
  it.each(accounts.map(([account, password, tenant]) => ({ account, password, tenant })))(
    'each open a screen inside the shell for $account of $tenant',
    async ({ account, password, tenant }) => {
      const page = await signedInPage(browser, account, password, tenant);
      const groups = await menusOf(page);
      expect(groups.length).toBeGreaterThan(0);
      // Every group has a screen and an icon of its own.
      const groupIcons = await page
        .locator('[data-testid=side-menu] > li.ant-menu-submenu > .ant-menu-submenu-title > .anticon')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      expect(new Set(groupIcons).size).toBe(groups.length);
      const broken: string[] = [];
      const elsewhere = walkedAs(account, tenant);
      for (const group of groups) {
        expect(group.children?.length, group.name).toBeGreaterThan(0);
        // Menus other browser tests add in the same run are not the seed's.
        for (const screen of (group.children ?? []).filter((c) => seeded.has(c.code) && !elsewhere.has(c.code))) {
          await page.getByTestId(`menu-${screen.code}`).click();
          await page.waitForURL((u) => u.pathname === screen.path);
          await expect.poll(() => page.getByTestId('page-title').innerText(), { timeout: 5000 }).toBe(screen.name);
          const crumbs = await page.getByTestId('breadcrumb').innerText();
          if (!crumbs.startsWith(group.name)) broken.push(`${screen.name}: breadcrumb ${crumbs}`);
          await page.locator('.shell-content > *').first().waitFor();
          if (await page.locator('[data-testid=page-404], [data-testid=page-403]').count()) broken.push(`${screen.name}: refused`);
          if (!(await page.getByTestId('sider').isVisible())) broken.push(`${screen.name}: no shell`);
          // Done with it: its tab closes (and its kept-alive page with it), so the walk does not pile
          // up some ninety tabs and a dozen live pages that every later screen re-renders beside.
          await closeActiveTab(page);
        }
      }
      expect(broken).toEqual([]);
      await page.context().close();
    },
    // The auditor's walk opens some ninety screens: more than the default step.
    300_000,
  );
});

describe('an address outside the menu', () => {
  it('shows 403 inside the shell, not a read-only screen', async () => {
    const page = await signedInPage(browser, 'auditor', 'auditor', DEMO_TENANT);
    const codes = (await menusOf(page)).flatMap((g) => (g.children ?? []).map((c) => c.code));
    expect(codes).not.toContain('area-sort');
    await page.goto('/system/area-sort');
    await page.getByTestId('page-403').waitFor();
    expect(pathOf(page)).toBe('/system/area-sort');
    expect(await page.getByTestId('sider').isVisible()).toBe(true);
    expect(await page.getByTestId('resource-page-area-sort').count()).toBe(0);
    // A screen of the menu opens as before.
    await page.getByTestId('menu-post').click();
    await page.getByTestId('resource-page-post').waitFor();
    await page.context().close();
  });
});
