import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/test-order.ts';

// One run, several projects: unit tests beside the code, the server's HTTP integration suite on
// embedded PGlite and (when TEST_DATABASE_URL is set) again on PostgreSQL, and the web app's tests
// share one pool of workers (one group, longest files first: scripts/test-order.ts), so no worker
// idles while one project's last long file finishes; then the browser tests against the built app.
// Vitest's default is one worker fewer than the cores (a single worker on a 2-core machine).
const pg = process.env.TEST_DATABASE_URL;
const only = process.env.TEST_PROJECTS?.split(',');
const workers = Math.max(2, availableParallelism());
const server = (name: string, db: 'pglite' | 'pg') => ({
  test: {
    name,
    include: ['apps/server/test/**/*.int.test.ts'],
    env: { TEST_DB: db, NODE_ENV: 'test' },
    globalSetup: ['apps/server/test/helpers/global-setup.ts'],
    setupFiles: ['apps/server/test/helpers/file-db.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file has a database of its own (a PGlite copy in memory, or a PostgreSQL copy of the
    // seeded template), so files run side by side on either.
    fileParallelism: true,
    maxWorkers: workers,
    sequence: { groupOrder: 0 },
  },
});
const projects = [
  {
    test: {
      name: 'unit',
      // apps/web/build: the web build's own plugins, which run in Node
      include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
      env: { NODE_ENV: 'test' },
      maxWorkers: workers,
      sequence: { groupOrder: 0 },
    },
  },
  server('server-pglite', 'pglite'),
  ...(pg ? [server('server-pg', 'pg')] : []),
  { extends: './apps/web/vitest.config.ts', root: './apps/web', test: { name: 'web', maxWorkers: workers, sequence: { groupOrder: 0 } } },
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
      sequence: { groupOrder: 1 },
    },
  },
].filter((p) => !only || only.includes(p.test.name));

export default defineConfig({ test: { projects, sequence: { sequencer: LongestFirst } } });
