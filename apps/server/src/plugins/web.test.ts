import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.ts';

// A build as apps/web's writes it: hashed chunks under assets/ with their compressed copies.
const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: '张三${i}' }`).join(', ')}];\n`;
const html = '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  // the build itself under a folder named assets: only dist/assets/ may be cached for good
  dist = join(mkdtempSync(join(tmpdir(), 'civdesk-web-')), 'assets', 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const file = join(dist, 'assets', 'index-abc123.js');
  writeFileSync(file, js);
  writeFileSync(`${file}.br`, brotliCompressSync(js));
  writeFileSync(`${file}.gz`, gzipSync(js));
  writeFileSync(join(dist, 'assets', 'small-def456.js'), 'export {};\n'); // below the build's threshold: no copies
  app = Fastify();
  await registerWeb(app, dist);
});

afterAll(async () => {
  await app.close();
  rmSync(join(dist, '..', '..'), { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app as served', () => {
  it('sends the brotli copy to a browser that accepts it, the same script once decoded', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    expect(res.rawPayload).toEqual(brotliCompressSync(js));
  });

  it('sends the gzip copy to one that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(gzipSync(js));
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('sends a file without copies as it is', async () => {
    const res = await get('/assets/small-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('lets browsers keep hashed assets for good, and has them check index.html and the icon each time', async () => {
    expect((await get('/assets/index-abc123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    const page = await get('/system/user', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toBe(html);
  });

  it('does not serve the compressed copies under their own names; API paths keep the envelope 404', async () => {
    const copy = await get('/assets/index-abc123.js.br');
    expect(copy.headers['content-type']).toMatch(/html/); // the app's page, as for any unknown path
    expect(copy.body).toBe(html);
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, success: false });
  });
});
