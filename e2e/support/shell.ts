import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_TENANT } from './accounts.ts';
import type { PageOptions } from './browser.ts';
import { signedInPage } from './sign-in.ts';

// What the shell's browser tests share: where they stand, screenshots and accessibility checks.

/** Screenshots of the shell kept with the test artefacts (git-ignored). */
export const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** A page signed in as the demo tenant's administrator. */
export const tenantAdmin = (browser: Browser, opts: PageOptions = {}) => signedInPage(browser, 'admin', 'admin', DEMO_TENANT, opts);

export const pathOf = (page: Page) => new URL(page.url()).pathname;
export const waitPath = (page: Page, p: string) => page.waitForURL((u) => u.pathname === p);

/**
 * Leaves the current screen as a user does, closing its tab (its kept-alive page goes with it);
 * nothing when it has no close button (the home tab).
 */
export async function closeActiveTab(page: Page) {
  const close = page.locator('.shell-tab.is-active [data-testid=tab-close]');
  if (await close.count()) await close.click();
}

/** Waits until the webfont subsets the page shows have loaded (they are fetched on demand), for a screenshot. */
export async function fontsLoaded(page: Page) {
  // The app shows a first screen once its text's font subsets are in (app/font-gate.tsx); text
  // that arrives later may still be fetching its subset.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
}

/** axe-core on the page as it stands: no serious or critical violation. */
export async function expectAccessible(page: Page, name: string) {
  await page.mouse.move(0, 0); // no hover state
  // No opening animation under way (a half-faded menu is not what users read); with the reduced
  // motion every page asks for (browser.ts), antd's transitions take no time, so none is half-way.
  await page.waitForFunction(() => !document.querySelector('.ant-motion-collapse, [class*="-appear"], [class*="-enter"]'));
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}
