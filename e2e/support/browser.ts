import { type Browser, type BrowserServer, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumEndpoint: string;
  }
}

// Debian's Chromium, started the way these machines need (no network fetches at start-up).
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The one Chromium of a browser-test run, started by global-setup. Every test file connects to it
 * instead of starting its own: a start costs a second or two of a busy 2-core machine, and each
 * file's pages live in contexts (empty profiles) of their own anyway.
 */
export function startChromium(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: chromiumFlags,
  });
}

/** Where the server under test answers (the built app and the API). */
export const baseURL = () => inject('baseURL');

/** The shared Chromium, for one test file; its `close()` closes that file's contexts and disconnects. */
export function openBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

/**
 * Every context asks for reduced motion, an accessibility setting the app honours (antd's animations
 * off): no dialog, dropdown or toast is still moving when a test reads or clicks it, and the
 * GPU-less renderer does not spend its CPU drawing them.
 */
export const reducedMotion = 'reduce' as const;

export type PageOptions = {
  base?: string;
  width?: number;
  height?: number;
  clock?: boolean;
  /** 'no-preference': the app's animations on (the test of the setting itself). */
  motion?: 'reduce' | 'no-preference';
};

/** A fresh page in a context of its own (Chinese locale, desktop size unless told, reduced motion). */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: opts.base ?? baseURL(),
    locale: 'zh-CN',
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    reducedMotion: opts.motion ?? reducedMotion,
  });
  const page = await context.newPage();
  if (opts.clock) await page.clock.install();
  return page;
}

/** A screenshot of a page where a test failed, kept with the test artefacts (git-ignored). */
export async function failureShot(page: Page, name: string): Promise<void> {
  const file = `e2e/artifacts/failed/${name.replace(/[^\w\u4e00-\u9fa5-]+/g, '-').slice(0, 120)}.png`;
  await page.screenshot({ path: file }).catch(() => undefined);
}
