// `npx tsx bench/src/export-run.ts`: the export figure — one background export of EXPORT_ROWS posts
// (default 100 000) through the real runner (engine reads with the caller's scope, keyset pages,
// exceljs streaming writer, file store) on a fresh embedded database: rows per second and the
// process's peak RSS above its level before the export. Written to bench/results/export.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportFile } from '@civdesk/resources';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/boot.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { queueExport } from '../../apps/server/src/modules/export/export-runner.ts';
import { repoRoot } from './measure/servers.ts';

const N = Number(process.env.EXPORT_ROWS ?? 100_000);
const dataDir = mkdtempSync(join(tmpdir(), 'civdesk-export-bench-'));
const config = { ...loadConfig({ NODE_ENV: 'test', SEED_TOWNS: 'off' }), dataDir, logLevel: 'silent' };
const db = await openDatabase(config);
try {
  await db.query(
    `insert into blade_post (id, tenant_id, category, post_code, post_name, sort, remark)
     select 9000000000000000 + g, '100001', 1 + g % 3, 'p' || g, '岗位' || g, 1, '导出基准行 ' || g from generate_series(1, $1) g`,
    [N],
  );
  await db.query('analyze blade_post');
  const app = await buildApp({ db, config });
  await app.ready();
  const ctx = app.ctx;
  const [u] = await db.query<{ id: string; role: string; dept: string }>(
    "select id::text as id, role_id as role, dept_id as dept from blade_user where tenant_id = '100001' and account = 'admin'",
  );
  const grants = await ctx.grants.load('100001', u.role.split(','));
  const caller = {
    userId: u.id,
    tenantId: '100001',
    account: 'admin',
    userName: 'admin',
    deptId: u.dept.split(',')[0],
    deptIds: u.dept.split(','),
    roleIds: grants.roleIds,
    roleAliases: grants.aliases,
    clientId: '',
    sessionId: '',
    platformAdmin: false,
    grants,
  };
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  const file = await queueExport(
    ctx,
    { caller, tz: ctx.tz },
    { id: '1', templateName: '基准' },
    {
      resourceName: 'post',
      columns: ['category', 'postCode', 'postName', 'sort', 'createTime'].map((key) => ({ key, header: key })),
      filters: {},
      roleIds: caller.roleIds,
      deptIds: caller.deptIds,
      sheet: '基准',
    },
  );
  let row: { s: number; p: number; size: number; e: string | null } | undefined;
  for (;;) {
    [row] = await db.query<{ s: number; p: number; size: number; e: string | null }>(
      `select export_status as s, progress as p, file_size as size, error_msg as e from ${exportFile.table} where id = $1`,
      [file.id],
    );
    if (row.s >= 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  await app.close();
  const figures = {
    rows: row.p,
    status: row.s,
    error: row.e,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(row.p / seconds),
    fileMb: Math.round((row.size / 2 ** 20) * 10) / 10,
    rssBeforeMb: Math.round(before / 2 ** 20),
    peakRssGrowthMb: Math.round((peak - before) / 2 ** 20),
  };
  console.log(
    `export of ${figures.rows} rows × 5 columns: ${figures.seconds} s, ${figures.rowsPerSecond} rows/s, file ${figures.fileMb} MB, ` +
      `peak RSS +${figures.peakRssGrowthMb} MB over ${figures.rssBeforeMb} MB`,
  );
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'export.json'), `${JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), figures }, null, 1)}\n`);
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
