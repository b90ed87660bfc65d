import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type PageOptions } from '../support/browser.ts';
import { tenantAdmin } from '../support/shell.ts';
import { settled } from '../support/waits.ts';

// The app honours the user's "reduce motion" setting (prefers-reduced-motion): dialogs open without
// antd's zoom, buttons change colour without a transition, and a change of the setting while the
// app is open takes effect at once. Every other browser test runs with the setting on.

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** Signed in on the post list, with the motion setting asked for. */
async function onPostList(motion: PageOptions['motion']): Promise<Page> {
  const page = await tenantAdmin(browser, { motion });
  await page.getByTestId('menu-post').click();
  await page.getByTestId('resource-page-post').locator('.ant-table-tbody').waitFor();
  return page;
}

/**
 * Opens the add dialog and closes it; resolves to the classes its modal had at any moment (a
 * MutationObserver records each change, so a short animation is not missed).
 */
async function dialogClasses(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { seenClasses: Set<string> }).seenClasses = seen;
    const note = (el: Element) => {
      if (el.classList.contains('ant-modal')) for (const c of el.classList) seen.add(c);
    };
    new MutationObserver((changes) => {
      for (const m of changes) {
        if (m.target instanceof Element) note(m.target);
        for (const n of m.addedNodes) if (n instanceof Element) for (const el of [n, ...n.querySelectorAll('.ant-modal')]) note(el);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.getByTestId('btn-add').click();
  await settled(page.getByTestId('resource-dialog'), '.ant-modal').waitFor();
  await page.getByTestId('dialog-cancel').click();
  await page.getByTestId('resource-dialog').waitFor({ state: 'hidden' });
  return page.evaluate(() => [...(window as unknown as { seenClasses: Set<string> }).seenClasses]);
}

/**
 * The zoom's animating step (`ant-zoom-appear-active`, `-enter-active`, `-leave-active`). Without
 * motion the modal still passes through the zoom's prepare step for one render (antd sets the
 * zoom's origin there), but never animates.
 */
const animated = (classes: string[]) => classes.filter((c) => c.startsWith('ant-zoom') && c.endsWith('-active'));

/** The add button's transition time (antd's motion durations: zero with motion off). */
const buttonTransition = (page: Page) => page.getByTestId('btn-add').evaluate((el) => getComputedStyle(el).transitionDuration);

describe('reduced motion', () => {
  it('with the setting on, a dialog opens without the zoom animation and buttons have no transition', async () => {
    const page = await onPostList('reduce');
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    const classes = await dialogClasses(page);
    expect(classes).toContain('ant-modal');
    expect(animated(classes)).toEqual([]);
    expect(await buttonTransition(page)).toBe('0s');
    await page.context().close();
  });

  it('without it, the dialog zooms; switching the setting on while the app is open stops the animations', async () => {
    const page = await onPostList('no-preference');
    expect(animated(await dialogClasses(page))).toContain('ant-zoom-appear-active');
    expect(await buttonTransition(page)).not.toBe('0s');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => buttonTransition(page)).toBe('0s');
    expect(animated(await dialogClasses(page))).toEqual([]);
    await page.context().close();
  });
});
