import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressed } from './build/compressed.ts';
import { lazyModules } from './build/lazy-modules.ts';
import { proComponentsLazy } from './build/pro-components-lazy.ts';
import { twoProLocales } from './build/pro-locales.ts';

const require = createRequire(import.meta.url);
// The product's version (root package.json): the shell compares it with the server's.
const appVersion: string = require('../../package.json').version;
// react-router 7 exports only its development build (dev warnings included); builds take the
// production one it ships beside it.
const routerProd = join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

const pureDeps =
  /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color|icons-svg)|@babel[\\/]runtime|lodash|lodash-es|classnames|resize-observer-polyfill|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|@ctrl[\\/]tinycolor|swr|safe-stable-stringify|i18next|stylis)[\\/]/;

const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };

// The server serves dist/; in development /api goes to the server on 8080.
export default defineConfig(({ command }) => ({
  // build/: parts of ProComponents on demand, its texts in our two languages only, compressed copies
  plugins: [react(), lazyModules(proComponentsLazy), twoProLocales(), compressed()],
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
        // Framework code changes rarely: keep it in its own long-cached chunk, with the two tiny
        // helpers every route loads (classnames, the bundler's preload helper): as chunks of their
        // own they cost the sign-in page more in per-chunk overhead than they weigh.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|classnames)[\\/]|vite[\\/]preload-helper/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
}));
