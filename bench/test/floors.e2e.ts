import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../../e2e/support/browser.ts';
import { buildFloor, floorPages } from '../src/measure/bundle.ts';

// The bundle benchmark sets the app's shell + first list beside floor pages built with the same
// settings (bench/floor/). A floor only means something if it is a working page with what it
// claims: this builds each one and draws it in the browser. It runs with the browser tests (the
// e2e project of `npm test`), in their Chromium. The floor pages' own /api/users is
// answered here with three rows (their only call; no server of ours is involved).
const apiRows = ['甲', '乙', '丙'].map((name, i) => ({ id: `r${i}`, name, status: '启用', createTime: '2026-11-03T08:00:00Z' }));

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

function serve(dir: string, entry: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(apiRows));
      return;
    }
    if (url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<div id="root"></div><script type="module" src="/${entry}"></script>`);
      return;
    }
    const body = await readFile(join(dir, normalize(url).replace(/^(\.\.[/\\])+/, ''))).catch(() => null);
    if (!body) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': url.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('bundle floors (bench/floor/)', () => {
  for (const { page: name } of floorPages) {
    it(`${name} builds and draws a menu, a search bar and a table with selection and paging`, async () => {
      const dir = buildFloor(name);
      const manifest = JSON.parse(await readFile(join(dir, '.vite/manifest.json'), 'utf8'));
      const server = await serve(dir, manifest[`${name}.ts`].file);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        const { port } = server.address() as { port: number };
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.locator('.ant-table-row').first().waitFor();
        expect(await page.locator('.ant-menu').count()).toBe(1);
        expect(await page.locator('form').getByText('姓名').count()).toBe(1); // the search bar's field
        expect(await page.locator('.ant-table-row .ant-checkbox').count()).toBeGreaterThan(0);
        expect(await page.locator('.ant-pagination').count()).toBeGreaterThan(0);
        if (name === 'antd-list')
          expect(await page.locator('.ant-table-row').count()).toBe(10); // 20 rows, 10 a page
        else {
          // the libraries' pages draw what their request answered, dates through dayjs
          await expect
            .poll(() => page.locator('.ant-table-row').allInnerTexts())
            .toEqual([
              expect.stringMatching(/^\s*甲\s+启用\s+2026-11-03 \d\d:00:00\s*$/),
              expect.stringMatching(/^\s*乙/),
              expect.stringMatching(/^\s*丙/),
            ]);
        }
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        server.close();
      }
    });
  }
});
