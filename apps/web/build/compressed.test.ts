import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressed } from './compressed.ts';

// A real build of a small page with only this plugin: which files get copies, and how they are made.
describe('compressed', () => {
  const root = mkdtempSync(join(tmpdir(), 'civdesk-compressed-'));
  const dist = join(root, 'dist');
  const text = (n: number) => Array.from({ length: n }, (_, i) => `line ${i} of a text that compresses well`).join('\n');
  let assets: string[] = [];
  const file = (pattern: RegExp) => assets.find((f) => pattern.test(f)) as string;

  beforeAll(async () => {
    mkdirSync(join(root, 'public'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
    writeFileSync(join(root, 'main.js'), `console.log(${JSON.stringify(text(100))});\nimport('./small.js');\n`);
    writeFileSync(join(root, 'small.js'), 'export const small = 1;\n');
    writeFileSync(join(root, 'public', 'icon.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${text(60)} --></svg>`);
    writeFileSync(join(root, 'public', 'photo.png'), Buffer.alloc(4096, 7));
    await build({ root, logLevel: 'silent', configFile: false, plugins: [compressed()], build: { outDir: dist, minify: false } });
    assets = readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes a brotli copy at quality 11 and a gzip copy at level 9 beside a script over 1 KB', () => {
    const main = file(/^assets\/index-[\w-]+\.js$/);
    const original = readFileSync(join(dist, main));
    expect(original.length).toBeGreaterThan(1024);
    const br = readFileSync(join(dist, `${main}.br`));
    const gz = readFileSync(join(dist, `${main}.gz`));
    expect(brotliDecompressSync(br)).toEqual(original);
    expect(gunzipSync(gz)).toEqual(original);
    expect(br).toEqual(brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    expect(gz).toEqual(gzipSync(original, { level: 9 }));
  });

  it('leaves files under 1 KB as they are', () => {
    const small = file(/^assets\/small-[\w-]+\.js$/);
    expect(readFileSync(join(dist, small)).length).toBeLessThan(1024);
    expect(existsSync(join(dist, `${small}.br`))).toBe(false);
    expect(existsSync(join(dist, `${small}.gz`))).toBe(false);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(false);
  });

  it('compresses text files only: a large SVG gets copies, an image does not', () => {
    expect(brotliDecompressSync(readFileSync(join(dist, 'icon.svg.br')))).toEqual(readFileSync(join(dist, 'icon.svg')));
    expect(existsSync(join(dist, 'icon.svg.gz'))).toBe(true);
    expect(existsSync(join(dist, 'photo.png.br'))).toBe(false);
    expect(existsSync(join(dist, 'photo.png.gz'))).toBe(false);
  });
});
