import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { signedInPage } from '../support/sign-in.ts';

// How the built app's JavaScript reaches a real browser: compressed (the build's brotli or gzip
// copies, apps/server/src/plugins/web.ts) and kept by the browser, so a repeat visit loads none.
let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

type Loaded = { path: string; transfer: number; encoded: number; decoded: number };

/** The app's scripts this page has loaded, with their sizes as the browser saw them. */
const scripts = (page: Page): Promise<Loaded[]> =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((e) => ({ path: new URL(e.name).pathname, transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize }))
      .filter((e) => /^\/assets\/.+\.js$/.test(e.path)),
  );

async function openList(page: Page) {
  await page.goto('/system/param');
  await page.getByTestId('resource-page-param').waitFor();
  await page.locator('.ant-table-row').first().waitFor();
}

describe('the app as served to a browser', () => {
  it('sends the shell and a list compressed, with headers that let the browser keep them', async () => {
    const page = await signedInPage(browser);
    const headers = new Map<string, Record<string, string>>();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/assets/')) headers.set(path, r.headers());
    });
    await page.reload(); // every script fetched again, in front of the listener
    await page.getByTestId('user-name').waitFor();
    await openList(page);

    const loaded = await scripts(page);
    const big = loaded.filter((s) => s.decoded > 1024);
    expect(big.length).toBeGreaterThan(10);
    for (const s of big) {
      expect(s.encoded, s.path).toBeLessThan(s.decoded);
      const h = headers.get(s.path);
      expect(h?.['content-encoding'], s.path).toMatch(/^(br|gzip)$/);
      expect(h?.['cache-control'], s.path).toBe('public, max-age=31536000, immutable');
    }
    const sum = (f: (s: Loaded) => number) => Math.round(loaded.reduce((a, s) => a + f(s), 0) / 1024);
    // JavaScript compresses about threefold or better; sent as it is, the two would be equal
    expect(sum((s) => s.encoded)).toBeLessThan(sum((s) => s.decoded) / 3);
    const encodings = [...new Set(big.map((s) => headers.get(s.path)?.['content-encoding']))].join(', ');
    console.log(
      `app scripts for the shell and a list: ${sum((s) => s.encoded)} KB over the network (${encodings}), ${sum((s) => s.decoded)} KB decoded`,
    );
    await page.context().close();
  });

  it('renders under its Content-Security-Policy without a single violation', async () => {
    const page = await signedInPage(browser);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|apply|execute|frame|connect)/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.reload();
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('user-name').waitFor();
    await openList(page);
    await page.goto('/info/index');
    await page.getByTestId('avatar-upload').waitFor({ state: 'attached' });
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('loads no script over the network on a repeat visit', async () => {
    const page = await signedInPage(browser);
    await openList(page);
    const again = await page.context().newPage();
    await openList(again);
    const loaded = await scripts(again);
    expect(loaded.length).toBeGreaterThan(10);
    expect(loaded.filter((s) => s.transfer > 0).map((s) => s.path)).toEqual([]);
    await page.context().close();
  });
});
