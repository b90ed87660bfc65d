import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';
import { md5hex, verifyPassword } from '../src/modules/auth/passwords.ts';

// The embedded default on a real data folder: what `npm start` and `npm run cli` do.
const root = new URL('../../..', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const run = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe.runIf(inject('dbKind') === 'pglite')('embedded database folder', () => {
  it('migrates and seeds on first open, keeps every write across a restart, and refuses a second process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'civdesk-life-'));
    dirs.push(dataDir);
    const config = { ...loadConfig({ NODE_ENV: 'test', SEED_TOWNS: 'off' }), dataDir };
    const quiet = () => {};
    const db = await openDatabase(config, quiet);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int n from blade_db_version');
    expect(n).toBeGreaterThan(0);
    await db.query(`insert into blade_param (id, param_name, param_key, param_value) values (1, 'x', 'restart.check', 'kept')`);

    // While this process holds the folder, the server refuses to start on it, saying why.
    const second = run([join(root, 'apps/server/src/server.ts')], { DATA_DIR: dataDir, PORT: '0' });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('is in use by another Civdesk process');

    await db.close();
    const again = await openDatabase(config, quiet);
    const rows = await again.query<{ v: string }>(`select param_value v from blade_param where param_key = 'restart.check'`);
    expect(rows).toEqual([{ v: 'kept' }]);
    await again.close();
  }, 120_000);

  it('the operations command line works on a stopped installation', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'civdesk-cli-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'off', SEED_TOWNS: 'off' };
    const cli = join(root, 'apps/server/src/cli.ts');
    expect(run([cli, 'migrate'], env).status).toBe(0);
    const created = run([cli, 'create-admin', 'ops', 'S3cret!pass'], env);
    expect(created.stdout + created.stderr).toContain('create-admin: done for ops@000000');
    const dup = run([cli, 'create-admin', 'ops', 'other'], env);
    expect(dup.status).toBe(1);
    expect(run([cli, 'reset-password', 'ops', 'N3w!pass'], env).status).toBe(0);
    expect(run([cli, 'reset-password', 'nobody', 'x'], env).stderr).toContain('no user nobody');
    expect(run([cli, 'bogus'], env).status).toBe(1);

    const db = await openDatabase({ ...loadConfig({ NODE_ENV: 'test', SEED_TOWNS: 'off' }), dataDir, demo: false }, () => {});
    const [u] = await db.query<{ password: string; init: number }>(
      `select password, init_password init from blade_user where account = 'ops'`,
    );
    expect(await verifyPassword(u.password, md5hex('N3w!pass'))).toBe(true);
    expect(u.init).toBe(1);
    // Without demo data no demo account exists.
    expect(await db.query(`select 1 from blade_user where account = 'admin'`)).toEqual([]);
    await db.close();
  }, 240_000); // six cold starts of a command on a shared 2-core machine
});
