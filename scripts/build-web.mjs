// Builds the web app when its build is missing or older than its sources (npm start, browser tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const index = join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function ensureWebBuilt() {
  const sources = ['apps/web', 'packages/meta', 'packages/resources'].map((d) => newest(join(root, d)));
  if (existsSync(index) && Math.max(...sources) <= statSync(index).mtimeMs) return;
  console.log('building the web app…');
  // A test runner's NODE_ENV=test would make Vite build React's development bundle.
  const env = { ...process.env, NODE_ENV: 'production' };
  const r = spawnSync('npm', ['run', 'build', '-w', '@civdesk/web'], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error('the web app did not build');
}

if (process.argv[1] === new URL(import.meta.url).pathname) ensureWebBuilt();
