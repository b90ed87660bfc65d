import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PRO_INTL, twoProLocales } from './pro-locales.ts';

type Hooks = { resolveId: (source: string, importer?: string) => string | null; load: (id: string) => string | null };
const { resolveId, load } = twoProLocales() as unknown as Hooks;
const require = createRequire(new URL('../package.json', import.meta.url));

describe('twoProLocales', () => {
  it('of the languages the installed provider imports, keeps only Chinese and English', () => {
    const intl = require.resolve(PRO_INTL);
    const locales = [...readFileSync(intl, 'utf8').matchAll(/from ["'](\.\/locale\/\w+)["']/g)].map((m) => m[1]);
    expect(locales.length).toBeGreaterThan(30);
    const kept = locales.filter((source) => resolveId(source, intl) === null);
    expect(kept.sort()).toEqual(['./locale/en_US', './locale/zh_CN']);
  });

  it('the others become one empty table', () => {
    const intl = '/app/node_modules/@ant-design/pro-provider/es/intl.js';
    const empty = resolveId('./locale/ja_JP', intl);
    expect(empty).toBe(resolveId('./locale/ar_EG', intl));
    expect(resolveId(empty ?? '', intl)).toBe(empty);
    expect(load(empty ?? '')).toBe('export default {};');
  });

  it('leaves locale imports of other files alone', () => {
    expect(resolveId('./locale/ja_JP', '/app/node_modules/antd/es/locale/index.js')).toBeNull();
    expect(resolveId('./locale/ja_JP')).toBeNull();
    expect(load('/app/src/main.tsx')).toBeNull();
  });
});
