// `npm test`: every test of the project in one vitest run (unit, server integration on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL, web, browser), ending with one line `N passed, N failed`.
//   npm test                      everything
//   npm test -- --only e2e,web    some projects (unit, server-pglite, server-pg, web, e2e)
//   npm test -- --save-durations  also write each file's seconds to scripts/test-durations.json
//                                 (the longest run first: scripts/test-order.ts)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const saveDurations = args.includes('--save-durations');
const rest = (onlyAt >= 0 ? args.filter((_, i) => i !== onlyAt && i !== onlyAt + 1) : args).filter((a) => a !== '--save-durations');

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const wanted = (only ?? 'unit,server-pglite,server-pg,web,e2e').split(',');
let projects = wanted;
let missingBrowser = false;
if (wanted.includes('e2e') && !existsSync(chromium)) {
  missingBrowser = true;
  projects = wanted.filter((p) => p !== 'e2e');
  console.error(
    `\nChromium was not found at ${chromium}, so the browser tests cannot run.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at a Chromium or Chrome binary).\n',
  );
}

const out = mkdtempSync(join(tmpdir(), 'civdesk-test-'));
const report = join(out, 'report.json');
const r = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...rest],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1', TEST_PROJECTS: projects.join(','), CHROMIUM_PATH: chromium } },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  // A file that fails to load (syntax error, failing setup) has no tests but must still count.
  failed += json.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  if (saveDurations) writeDurations(json.testResults);
}
rmSync(out, { recursive: true, force: true });
if (r.status !== 0 && failed === 0) failed = 1; // vitest itself failed (unhandled error, no report)
if (missingBrowser) {
  failed += 1;
  console.error('The browser tests were not run: Chromium is missing (see above).');
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** Seconds per test file (the longest of its projects), merged into scripts/test-durations.json. */
function writeDurations(results) {
  const file = join(root, 'scripts/test-durations.json');
  const known = JSON.parse(readFileSync(file, 'utf8'));
  const fresh = {};
  for (const f of results) {
    const key = relative(root, f.name);
    fresh[key] = Math.max(fresh[key] ?? 0, Math.round((f.endTime - f.startTime) / 100) / 10);
  }
  // Files under a second make no difference to the order.
  const merged = Object.fromEntries(Object.entries({ ...known, ...fresh }).filter(([, s]) => s >= 1));
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
