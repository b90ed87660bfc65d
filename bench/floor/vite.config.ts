// Builds one floor page (FLOOR=antd-list, libs-list or pro-list) with the web app's own build
// settings (its tree-shaking rules, chunking, ProComponents' stand-ins, production React Router),
// so the only difference from the app is the page itself. The pages import the web app's packages
// (antd, React, …) as installed for it, not their own copies: the floor must be the same versions.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeConfig, type UserConfig } from 'vite';
import web from '../../apps/web/vite.config.ts';

const page = process.env.FLOOR ?? 'antd-list';
const base = (web as (env: { command: 'build'; mode: string }) => UserConfig)({ command: 'build', mode: 'production' });

export default mergeConfig(base, {
  root: import.meta.dirname,
  build: {
    outDir: process.env.FLOOR_OUT ?? join(tmpdir(), `civdesk-floor-${page}`),
    emptyOutDir: true,
    rolldownOptions: { input: { [page]: `${import.meta.dirname}/${page}.ts` } },
  },
});
