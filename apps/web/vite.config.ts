import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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
 * Parts of ProComponents loaded on first use instead of with the list. Each import site listed
 * here gets a stand-in: a lazy component inside its own Suspense boundary, so screens render as
 * before and the part loads when first rendered. Two chunks:
 * - `lazy-extras`, what no screen uses yet: ProField imports a renderer for every value type
 *   (colour picker, cascader, slider, …), the schema form behind ProTable's search bar imports
 *   every form layout, ProTable's error boundary imports antd's Result, and its toolbar and ProCard
 *   import antd's Tabs. One chunk for all: each extra lazy chunk splits the shared code further,
 *   and many small chunks compress worse (the sign-in page grew 5 KB with one chunk per import).
 * - `lazy-pickers`, the date and time pickers (antd's DatePicker and rc-picker, ≈ 30 KB gzip):
 *   every list's search bar shows the creation-time range, but the list can draw its rows before
 *   the calendar code arrives. Table cells format dates themselves (crud/columns.tsx), so only
 *   the search inputs and form fields wait; their stand-in holds the input's height meanwhile.
 * A stand-in whose key is in no group fails the build. `npx tsx bench/src/measure/bundle-parts.ts`
 * shows what each package costs.
 */
const pf = '@ant-design/pro-field/es/components';
// Value types no definition maps to yet (Image: only when a listed field is an image).
const renderers = ['Cascader', 'ColorPicker', 'Image', 'Progress', 'Rate', 'Segmented', 'Slider', 'Switch'];
const pickers = ['DatePicker', 'RangePicker', 'FromNow'];
const pfl = '@ant-design/pro-form/es/layouts';
/** A chunk loaded on demand: key → [module, its export]; what a stand-in shows until it arrives. */
type Group = { modules: Record<string, [string, string]>; fallback: string };
const groups: Record<string, Group> = {
  'lazy-extras': {
    modules: {
      ...Object.fromEntries(renderers.map((c) => [c, [`${pf}/${c}/index.js`, 'default']])),
      StepsForm: [`${pfl}/StepsForm/index.js`, 'StepsForm'],
      LightFilter: [`${pfl}/LightFilter/index.js`, 'LightFilter'],
      DrawerForm: [`${pfl}/DrawerForm/index.js`, 'DrawerForm'],
      Result: ['antd/es/result/index.js', 'default'],
      Tabs: ['antd/es/tabs/index.js', 'default'],
    },
    fallback: 'null',
  },
  'lazy-pickers': {
    modules: {
      ...Object.fromEntries(pickers.map((c) => [c, [`${pf}/${c}/index.js`, 'default']])),
      TimePicker: [`${pf}/TimePicker/index.js`, 'default'],
      TimeRangePicker: [`${pf}/TimePicker/index.js`, 'FieldTimeRangePicker'],
    },
    // an input's height (antd's default control height), so the search bar does not jump
    fallback: `createElement('div', { style: { width: '100%', height: 32 } })`,
  },
};
const groupOf = (key: string) => Object.keys(groups).find((g) => groups[g].modules[key]);
/** Static members a stand-in must carry (read at module load, e.g. StepsForm.StepForm). */
const statics: Record<string, string[]> = { StepsForm: ['StepForm'], Tabs: ['TabPane'] };
type Site = { importer: RegExp; source: string; exports: Record<string, string>; rest?: boolean };
const at = (path: string) => new RegExp(`@ant-design[\\\\/]${path.replace(/\//g, '[\\\\/]').replace(/\./g, '\\.')}$`);
const schemaForm = at('pro-form/es/components/SchemaForm/index.js');
const sites: Site[] = [
  ...[...renderers, ...pickers].map((c) => ({
    importer: at('pro-field/es/index.js'),
    source: `./components/${c}`,
    exports: { default: c },
  })),
  {
    importer: at('pro-field/es/index.js'),
    source: './components/TimePicker',
    exports: { default: 'TimePicker', FieldTimeRangePicker: 'TimeRangePicker' },
  },
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
  return {
    name: 'civdesk-lazy-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith('\0lazy-') && groups[source.slice(1)]) return source;
      const i = importer && !importer.startsWith(site) ? sites.findIndex((l) => l.source === source && l.importer.test(importer)) : -1;
      return i >= 0 ? `${site}${i}` : null;
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
      if (!id.startsWith(site)) return null;
      const s = sites[Number(id.slice(site.length))];
      const lazyOf = (path: string) => {
        const g = groupOf(path.split('.')[0]) as string;
        return `wrap(() => import('\0${g}').then((m) => ({ default: m.${path} })), () => ${groups[g].fallback})`;
      };
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

/**
 * A brotli and a gzip copy beside each text file of the build, at the highest levels: the server
 * sends the copy the browser accepts (apps/server/src/plugins/web.ts), so the JavaScript crosses
 * the network compressed and no request pays for compressing it. Files under 1 KB stay as they are.
 */
const compressed = () =>
  compression({
    include: /\.(js|css|html|svg)$/,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
  });

// The server serves dist/; in development /api goes to the server on 8080.
export default defineConfig(({ command }) => ({
  plugins: [react(), lazyModules(), twoProLocales(), compressed()],
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
