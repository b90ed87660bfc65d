import type { Plugin } from 'vite';

// A build plugin that turns chosen imports inside dependencies into stand-ins loaded on first use.
// What it applies to (ProComponents' unused parts and date pickers) is in pro-components-lazy.ts.

/** A chunk loaded on demand: key → [module, its export]; `fallback` is what a stand-in shows until it arrives. */
export type Group = { modules: Record<string, [string, string]>; fallback: string };

/**
 * An import to replace: `source` imported by the package file `importer`
 * (`@ant-design/pro-field/es/index.js`); `exports` maps each export of the stand-in to a group key;
 * `rest` re-exports everything else of `source` unchanged.
 */
export type Site = { importer: string; source: string; exports: Record<string, string>; rest?: boolean };

export type LazyConfig = {
  groups: Record<string, Group>;
  sites: Site[];
  /** Static members a stand-in must carry (read at module load, e.g. StepsForm.StepForm). */
  statics?: Record<string, string[]>;
};

/** Matches the resolved path of a package file (`@ant-design/pro-field/es/index.js`), on either path separator. */
export const packageFile = (path: string) => new RegExp(`[\\\\/]${path.replace(/\//g, '[\\\\/]').replace(/\./g, '\\.')}$`);

const SITE = '\0lazy-site:';

/**
 * Each listed import site gets a stand-in module: a lazy component inside its own Suspense
 * boundary, so screens render as before and the part loads when first rendered. A stand-in whose
 * key is in no group fails the build.
 */
export function lazyModules({ groups, sites, statics = {} }: LazyConfig): Plugin {
  const importers = sites.map((s) => packageFile(s.importer));
  const groupOf = (key: string) => Object.keys(groups).find((g) => groups[g].modules[key]);
  const lazyOf = (path: string) => {
    const g = groupOf(path.split('.')[0]) as string;
    return `wrap(() => import('\0${g}').then((m) => ({ default: m.${path} })), () => ${groups[g].fallback})`;
  };
  const standIn = (s: Site) => {
    const lines = Object.entries(s.exports).map(([name, key]) => {
      const st = statics[key] ?? [];
      const value = st.length
        ? `Object.assign(${lazyOf(key)}, { ${st.map((x) => `${x}: ${lazyOf(`${key}.${x}`)}`).join(', ')} })`
        : lazyOf(key);
      return name === 'default' ? `export default ${value};` : `export const ${name} = ${value};`;
    });
    return [
      `import { createElement, forwardRef, lazy, Suspense } from 'react';`,
      ...(s.rest ? [`export * from '${s.source}';`] : []),
      `const wrap = (load, fallback) => { const L = lazy(load); return forwardRef((props, ref) => createElement(Suspense, { fallback: fallback() }, createElement(L, { ...props, ref }))); };`,
      ...lines,
    ].join('\n');
  };
  return {
    name: 'civdesk-lazy-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith('\0lazy-') && groups[source.slice(1)]) return source;
      // A stand-in's own imports (`export * from 'antd'`) resolve as usual.
      const i =
        importer && !importer.startsWith(SITE) ? sites.findIndex((l, at) => l.source === source && importers[at].test(importer)) : -1;
      return i >= 0 ? `${SITE}${i}` : null;
    },
    buildStart() {
      const missing = sites.flatMap((s) => Object.values(s.exports)).filter((k) => !groupOf(k));
      if (missing.length) this.error(`lazy stand-ins without a module in a group: ${missing.join(', ')}`);
    },
    load(id) {
      const group = id.startsWith('\0lazy-') ? groups[id.slice(1)] : undefined;
      if (group)
        return Object.entries(group.modules)
          .map(([key, [path, name]]) => `export { ${name} as ${key} } from '${path}';`)
          .join('\n');
      return id.startsWith(SITE) ? standIn(sites[Number(id.slice(SITE.length))]) : null;
    },
  };
}
