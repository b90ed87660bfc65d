import { defineConfig } from 'vitest/config';

// One run, several projects, one after another (sequence.groupOrder): unit tests beside the code,
// the server's HTTP integration suite on embedded PGlite and (when TEST_DATABASE_URL is set) again
// on PostgreSQL, the web app's tests, and the browser tests against the built app.
const pg = process.env.TEST_DATABASE_URL;
const only = process.env.TEST_PROJECTS?.split(',');
const server = (name: string, db: 'pglite' | 'pg', groupOrder: number) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.int.test.ts'],
    env: { TEST_DB: db, NODE_ENV: 'test' },
    globalSetup: ['apps/server/test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // On a shared PostgreSQL database the files run one after another so row counts stay exact.
    fileParallelism: db === 'pglite',
    maxWorkers: 2,
    sequence: { groupOrder },
  },
});
const projects = [
  {
    test: {
      name: 'unit',
      // apps/web/build: the web build's own plugins, which run in Node
      include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
      env: { NODE_ENV: 'test' },
      sequence: { groupOrder: 0 },
    },
  },
  server('server-pglite', 'pglite', 1),
  ...(pg ? [server('server-pg', 'pg', 2)] : []),
  { extends: './apps/web/vitest.config.ts', root: './apps/web', test: { name: 'web', sequence: { groupOrder: 3 } } },
  {
    test: {
      name: 'e2e',
      // the bench's floor pages are drawn in the same browser run (bench/test/)
      include: ['e2e/tests/**/*.e2e.ts', 'bench/test/**/*.e2e.ts'],
      globalSetup: ['e2e/global-setup.ts'],
      testTimeout: 120_000,
      hookTimeout: 240_000,
      fileParallelism: false,
      // One more try for a step that fails: a shared, busy machine sometimes starves the browser
      // for longer than a wait allows. A step that fails twice fails the run (E2E_RETRY=0: none).
      retry: Number(process.env.E2E_RETRY ?? 1),
      sequence: { groupOrder: 4 },
    },
  },
].filter((p) => !only || only.includes(p.test.name));

export default defineConfig({ test: { projects } });
