import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  // A stand-in for the built web app: the headers do not depend on what the page holds.
  const dist = mkdtempSync(join(tmpdir(), 'civdesk-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await buildTestApp({ config: { webDist: dist, trustProxy: true } });
  admin = await t.as('admin', '100001');
});
afterAll(() => t?.close());

const csp = (h: Record<string, unknown>) =>
  Object.fromEntries(
    String(h['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );

function expectBrowserPolicy(h: Record<string, unknown>) {
  const p = csp(h);
  expect(p['default-src']).toEqual(["'self'"]);
  expect(p['script-src']).toEqual(["'self'"]);
  expect(p['frame-ancestors']).toEqual(["'none'"]);
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('on the web app’s HTML: CSP without inline scripts, frame denial, nosniff, Referrer-Policy; no HSTS over HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/system/user' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expectBrowserPolicy(res.headers);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('on API answers, success and failure: the same, and Cache-Control: no-store', async () => {
    for (const [u, url, status] of [
      [admin, '/api/blade-user/info', 200],
      [null, '/api/blade-user/info', 401],
      [admin, '/api/blade-system/post/detail?id=x', 400],
      [null, '/api/nowhere', 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: u ? { 'blade-auth': `bearer ${u.token}` } : {} });
      expect({ url, status: res.statusCode }).toEqual({ url, status });
      expectBrowserPolicy(res.headers);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends HSTS only on a request that came over TLS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/civdesk/web-config', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('the web app’s page has no inline script (the CSP allows none)', () => {
    const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
  });
});
