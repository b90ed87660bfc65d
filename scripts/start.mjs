// `npm start`: builds the web app when needed, then runs the server (embedded PGlite under ./data
// unless DATABASE_URL is set) on http://localhost:8080.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuilt } from './build-web.mjs';

const root = new URL('..', import.meta.url).pathname;
try {
  ensureWebBuilt();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], { cwd: root, stdio: 'inherit' });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 0));
