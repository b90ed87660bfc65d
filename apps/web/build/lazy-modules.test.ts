import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type LazyConfig, lazyModules } from './lazy-modules.ts';
import { proComponentsLazy } from './pro-components-lazy.ts';

// The plugin's hooks, called the way the bundler calls them.
type Hooks = {
  resolveId: (source: string, importer?: string) => string | null;
  load: (id: string) => string | null;
  buildStart: (this: { error: (message: string) => never }) => void;
};
const hooks = (config: LazyConfig) => lazyModules(config) as unknown as Hooks;
const failing = {
  error: (message: string): never => {
    throw new Error(message);
  },
};

const config: LazyConfig = {
  groups: { 'lazy-a': { modules: { Slider: ['pkg/slider.js', 'default'], Steps: ['pkg/steps.js', 'Steps'] }, fallback: 'null' } },
  sites: [
    { importer: '@ant-design/pro-field/es/index.js', source: './components/Slider', exports: { default: 'Slider' } },
    { importer: '@ant-design/pro-utils/es/boundary.js', source: 'antd', exports: { Steps: 'Steps' }, rest: true },
  ],
  statics: { Steps: ['Step'] },
};

describe('lazyModules', () => {
  const { resolveId, load } = hooks(config);

  it('replaces a listed import only in the file that makes it', () => {
    const field = '/app/node_modules/@ant-design/pro-field/es/index.js';
    expect(resolveId('./components/Slider', field)).toBe('\0lazy-site:0');
    expect(resolveId('./components/Slider', 'C:\\app\\node_modules\\@ant-design\\pro-field\\es\\index.js')).toBe('\0lazy-site:0');
    expect(resolveId('./components/Slider', '/app/node_modules/@ant-design/pro-form/es/index.js')).toBeNull();
    expect(resolveId('./components/Select', field)).toBeNull();
    expect(resolveId('./components/Slider')).toBeNull();
    // the stand-in's own `export * from 'antd'` resolves to antd itself
    expect(resolveId('antd', '\0lazy-site:1')).toBeNull();
  });

  it('a stand-in renders its part inside Suspense once the group chunk has loaded', () => {
    const code = load('\0lazy-site:0') ?? '';
    expect(code).toContain(`import { createElement, forwardRef, lazy, Suspense } from 'react';`);
    expect(code).toContain(`export default wrap(() => import('\0lazy-a').then((m) => ({ default: m.Slider })), () => null);`);
    expect(code).not.toContain('export *');
  });

  it('keeps the rest of the module it stands in for, and the static members read at load', () => {
    const code = load('\0lazy-site:1') ?? '';
    expect(code).toContain(`export * from 'antd';`);
    expect(code).toContain('export const Steps = Object.assign(wrap(');
    expect(code).toContain("{ Step: wrap(() => import('\0lazy-a').then((m) => ({ default: m.Steps.Step }))");
  });

  it('a group is one chunk re-exporting its modules', () => {
    expect(resolveId('\0lazy-a')).toBe('\0lazy-a');
    expect(resolveId('\0lazy-b')).toBeNull();
    expect(load('\0lazy-a')).toBe(`export { default as Slider } from 'pkg/slider.js';\nexport { Steps as Steps } from 'pkg/steps.js';`);
    expect(load('/app/src/main.tsx')).toBeNull();
  });

  it('fails the build when a stand-in has no module in a group', () => {
    const missing = hooks({ ...config, sites: [...config.sites, { importer: 'x/y.js', source: 'z', exports: { Cascader: 'Cascader' } }] });
    expect(() => missing.buildStart.call(failing)).toThrow('lazy stand-ins without a module in a group: Cascader');
    expect(() => hooks(config).buildStart.call(failing)).not.toThrow();
  });
});

describe('ProComponents parts loaded on demand', () => {
  const require = createRequire(new URL('../package.json', import.meta.url));

  it('every stand-in has a module in a group', () => {
    expect(() => hooks(proComponentsLazy).buildStart.call(failing)).not.toThrow();
  });

  it('every module of a group is installed', () => {
    const paths = Object.values(proComponentsLazy.groups).flatMap((g) => Object.values(g.modules).map(([path]) => path));
    for (const path of paths) expect(() => require.resolve(path), path).not.toThrow();
  });

  it('every replaced import is still made by the installed file (an upgrade that moves it shows here)', () => {
    for (const site of proComponentsLazy.sites) {
      const text = readFileSync(require.resolve(site.importer), 'utf8');
      expect(text, `${site.importer} imports ${site.source}`).toMatch(new RegExp(`from ["']${site.source.replace(/\./g, '\\.')}["']`));
    }
  });
});
