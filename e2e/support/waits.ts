import type { Resource } from '@civdesk/meta';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

// Waiting for what the user would see or what the screen asks of the server; never a fixed pause.

/**
 * Polls `read` until the check passes, for up to 10 s (a busy 2-core machine); then fails with the
 * last check's error. A read that throws (an element not there yet) is retried too. Unlike
 * expect.poll it needs no current test, so it works in the lanes that run side by side.
 */
export function eventually<T>(read: () => T | Promise<T>) {
  const poll = async (check: (value: T) => void) => {
    const until = Date.now() + 10_000;
    for (;;) {
      try {
        check(await read());
        return;
      } catch (e) {
        if (Date.now() > until) throw e;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    toBe: (expected: T) => poll((v) => expect(v).toBe(expected)),
    toEqual: (expected: T) => poll((v) => expect(v).toEqual(expected)),
    not: { toBe: (unexpected: T) => poll((v) => expect(v).not.toBe(unexpected)) },
  };
}

/**
 * A promise awaited later: marked handled now, so that when an earlier step fails first it does not
 * also surface as an unhandled rejection. Awaiting it still throws.
 */
function later<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/** A modal (dialog or confirmation) that has finished its opening animation: clicks now reach it. */
export const settled = (scope: Page | Locator, css: string) => scope.locator(`${css}:not(.ant-zoom)`);

/** The next answer to the list request of a screen (`page` for flat resources, `list` for trees). */
export function listResponse(page: Page, r: Resource, test: (url: URL) => boolean = () => true): Promise<Response> {
  const path = `${r.api}/${r.tree ? 'list' : 'page'}`;
  return later(
    page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === path && res.request().method() === 'GET' && test(url);
    }),
  );
}

/** The next POST to one of the resource's write routes (submit, remove). */
export const writeResponse = (page: Page, r: Resource, route: 'submit' | 'remove') =>
  later(page.waitForResponse((res) => new URL(res.url()).pathname === `${r.api}/${route}` && res.request().method() === 'POST'));

/**
 * Runs `act` and waits for a new toast with `text`. Toasts already on screen are marked first, so a
 * toast left over from an earlier step (they stay for 3 s) never counts.
 */
export async function expectToast(page: Page, text: string, act: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    for (const n of document.querySelectorAll('.ant-message-notice')) n.setAttribute('data-seen', '1');
  });
  await act();
  await page.locator('.ant-message-notice:not([data-seen])', { hasText: text }).first().waitFor();
}

/** Where a page stands, for a failure's message: its address, and any dialog or message it shows. */
export async function whereIs(page: Page): Promise<string> {
  const shown = await page
    .locator('.ant-modal:visible, .ant-message-notice:visible, .ant-result:visible')
    .allInnerTexts()
    .catch(() => []);
  return `page at ${page.url()}${shown.length ? `, showing: ${shown.join(' | ').replace(/\s+/g, ' ').slice(0, 300)}` : ''}`;
}
