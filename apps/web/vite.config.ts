import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);
// The product's version (root package.json): the shell compares it with the server's.
const appVersion: string = require('../../package.json').version;
// react-router 7 exports only its development build (dev warnings included); builds take the
// production one it ships beside it.
const routerProd = join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

const pureDeps =
  /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color|icons-svg)|@babel[\\/]runtime|lodash|lodash-es|classnames|resize-observer-polyfill|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|@ctrl[\\/]tinycolor|swr|safe-stable-stringify|i18next|stylis)[\\/]/;

const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

/**
 * Parts of ProComponents that no screen uses yet, loaded on first use instead of with the list:
 * ProField imports a renderer for every value type (colour picker, cascader, slider, …), the schema
 * form behind ProTable's search bar imports every form layout, ProTable's error boundary imports
 * antd's Result, and its toolbar and ProCard import antd's Tabs. Each import site listed here gets a stand-in: a lazy
 * component inside its own Suspense boundary (fallback: nothing), so screens render exactly as
 * before with the types and layouts in use, and an unused one loads when first rendered. All of
 * them share one chunk: each extra lazy chunk splits the shared code further, and many small
 * chunks compress worse (the sign-in page grew 5 KB with one chunk per import).
 * A stand-in whose key is missing from `extras` fails the build. `npx tsx
 * bench/src/measure/bundle-parts.ts` shows what each package costs.
 */
const pf = '@ant-design/pro-field/es/components';
// Value types no definition maps to yet (Image: only when a listed field is an image).
const renderers = ['Cascader', 'ColorPicker', 'Image', 'Progress', 'Rate', 'Segmented', 'Slider', 'Switch'];
const pfl = '@ant-design/pro-form/es/layouts';
/** What moves to the on-demand chunk: key → [module, its export]. */
const extras: Record<string, [string, string]> = {
  ...Object.fromEntries(renderers.map((c) => [c, [`${pf}/${c}/index.js`, 'default']])),
  StepsForm: [`${pfl}/StepsForm/index.js`, 'StepsForm'],
  LightFilter: [`${pfl}/LightFilter/index.js`, 'LightFilter'],
  DrawerForm: [`${pfl}/DrawerForm/index.js`, 'DrawerForm'],
  Result: ['antd/es/result/index.js', 'default'],
  Tabs: ['antd/es/tabs/index.js', 'default'],
};
/** Static members a stand-in must carry (read at module load, e.g. StepsForm.StepForm). */
const statics: Record<string, string[]> = { StepsForm: ['StepForm'], Tabs: ['TabPane'] };
type Site = { importer: RegExp; source: string; exports: Record<string, string>; rest?: boolean };
const at = (path: string) => new RegExp(`@ant-design[\\\\/]${path.replace(/\//g, '[\\\\/]').replace(/\./g, '\\.')}$`);
const schemaForm = at('pro-form/es/components/SchemaForm/index.js');
const sites: Site[] = [
  ...renderers.map((c) => ({
    importer: at('pro-field/es/index.js'),
    source: `./components/${c}`,
    exports: { default: c },
  })),
  ...['StepsForm', 'LightFilter', 'DrawerForm'].map((l) => ({ importer: schemaForm, source: `../../layouts/${l}`, exports: { [l]: l } })),
  {
    importer: at('pro-form/es/components/SchemaForm/layoutType/StepsForm.js'),
    source: '../../../layouts/StepsForm',
    exports: { StepsForm: 'StepsForm' },
  },
  { importer: at('pro-utils/es/components/ErrorBoundary/index.js'), source: 'antd', exports: { Result: 'Result' }, rest: true },
  // tabs in the table toolbar and in cards: only drawn when a screen configures tabs
  ...[
    'pro-table/es/components/ListToolBar/index.js',
    'pro-table/es/components/ListToolBar/HeaderMenu.js',
    'pro-card/es/components/Card/index.js',
    'pro-card/es/components/TabPane/index.js',
  ].map((f) => ({ importer: at(f), source: 'antd', exports: { Tabs: 'Tabs' }, rest: true })),
];

function lazyModules(): Plugin {
  const site = '\0lazy-site:';
  const chunk = '\0lazy-extras';
  return {
    name: 'civdesk-lazy-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === chunk) return chunk;
      const i = importer && !importer.startsWith(site) ? sites.findIndex((l) => l.source === source && l.importer.test(importer)) : -1;
      return i >= 0 ? `${site}${i}` : null;
    },
    buildStart() {
      const missing = sites.flatMap((s) => Object.values(s.exports)).filter((k) => !extras[k]);
      if (missing.length) this.error(`lazy stand-ins without a module in extras: ${missing.join(', ')}`);
    },
    load(id) {
      if (id === chunk)
        return Object.entries(extras)
          .map(([key, [path, name]]) => `export { ${name} as ${key} } from '${path}';`)
          .join('\n');
      if (!id.startsWith(site)) return null;
      const s = sites[Number(id.slice(site.length))];
      const lazyOf = (path: string) => `wrap(() => import('${chunk}').then((m) => ({ default: m.${path} })))`;
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
        `const wrap = (load) => { const L = lazy(load); return forwardRef((props, ref) => createElement(Suspense, { fallback: null }, createElement(L, { ...props, ref }))); };`,
        ...lines,
      ].join('\n');
    },
  };
}

/**
 * ProComponents' provider imports its texts in 33 languages; the product speaks Chinese and English
 * (`ProConfigProvider intl` is always zh-CN or en-US), so the other 31 resolve to an empty table.
 */
function twoProLocales(): Plugin {
  const empty = '\0pro-locale-unused';
  const intl = at('pro-provider/es/intl.js');
  return {
    name: 'civdesk-pro-locales',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === empty) return empty;
      return importer && intl.test(importer) && /^\.\/locale\/(?!zh_CN$|en_US$)\w+$/.test(source) ? empty : null;
    },
    load: (id) => (id === empty ? 'export default {};' : null),
  };
}

// The server serves dist/; in development /api goes to the server on 8080.
export default defineConfig(({ command }) => ({
  plugins: [react(), lazyModules(), twoProLocales()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: routerProd }] : [] },
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-budgets.mjs reads the manifest to know which chunks each route loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Merging common chunks made /login load table code; keep each route's chunks to what it uses.
      experimental: { chunkOptimization: false },
      // These packages are pure but do not say so in package.json; without this, importing one
      // helper keeps whole modules (e.g. all of rc-field-form on the sign-in page).
      treeshake: { moduleSideEffects: [{ test: pureDeps, sideEffects: false }] },
      output: {
        // Framework code changes rarely: keep it in its own long-cached chunk.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 }],
        },
      },
    },
  },
}));
