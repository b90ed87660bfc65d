import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '@civdesk/db';
import pg from 'pg';
import { argon2Options, md5hex } from '../../../apps/server/src/modules/auth/passwords.ts';
import type { Options } from '../args.ts';
import { BENCH_PASSWORD, BENCH_TENANT } from '../generate/dataset.ts';
import { ensureDataset, type GenerateReport } from '../generate/load.ts';
import { concurrent, replay, sequential, withId } from './floor.ts';
import { type LoadResult, type LoadSpec, load, openLoop, pool, request, sequentialHttp, type Tool } from './http-load.ts';
import { type Plan, type Recorded, recordRequests } from './record.ts';
import { cpuMs, type Server, startProcess, withPeakRss } from './servers.ts';

export type DbKind = 'postgres' | 'pglite';
export type Way = 'sql' | 'bare' | 'app';
export type Case = 'list' | 'detail' | 'deep';
export type Series = { c1: LoadResult[]; c64: LoadResult[] };
export type LoopDelay = { p50: number; p99: number; max: number };

export type DbRun = {
  db: DbKind;
  version: string;
  dataset: GenerateReport & { generatedNow: boolean; prepareSeconds: number };
  requests: Record<Case, string>;
  listAnswer: Recorded['listAnswer'];
  statements: Recorded['statements'];
  /** Statements (and side-by-side waves) each measured request ran, with their SQL. */
  plans: Record<Case, Plan>;
  results: Record<Case, Record<Way, Series>>;
  signIn: {
    clients: number;
    max: LoadResult[];
    rate: number;
    otherRate: number;
    baseline: LoadResult[];
    during: LoadResult[];
    burst: LoadResult[];
    /**
     * The list beside the same argon2id work at the same rate in a lowest-priority process of its
     * own (`cpu-burner.mjs`), no server involved: what that much hashing costs this machine's other
     * work. Missing in results written before it was measured.
     */
    outside?: LoadResult[];
    /** The server's event-loop delay (ms) while the list runs alone and during the burst. */
    loopAlone: LoopDelay[];
    loopDuring: LoopDelay[];
  };
  memory: { idleMb: number[]; peakMb: number[]; afterMb: number[] };
  /** Server start on the existing data set, and on a fresh data folder / empty database. */
  warmStartMs: number[];
  coldStartMs: number[];
};

const API = '/api/blade-log/api';
export const requests: Record<Case, string> = {
  list: `${API}/page?current=1&size=20&serviceId_equal=dw-minor&descs=createTime`,
  // page 5 001 of 20: offset 100 000 into the same filter and order
  deep: `${API}/page?current=5001&size=20&serviceId_equal=dw-minor&descs=createTime`,
  detail: `${API}/detail?id=`,
};

const tokenPath = '/api/blade-auth/oauth/token';

/** `cpu-burner.mjs` as a child process: `run(i)` resolves when its one argon2id hash is done. */
function startBurner() {
  const child = fork(new URL('./cpu-burner.mjs', import.meta.url), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  child.on('message', (id: number) => {
    waiting.get(id)?.resolve();
    waiting.delete(id);
  });
  // a burner that dies fails its pending runs (counted as errors) instead of leaving them waiting
  child.on('exit', () => {
    for (const w of waiting.values()) w.reject(new Error('the CPU burner stopped'));
    waiting.clear();
  });
  return {
    run: (id: number) =>
      new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, options: argon2Options }, (e) => e && reject(e));
      }),
    stop: () => child.kill(),
  };
}

/** Creates the database of a PostgreSQL URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!name || name === 'postgres') return;
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await c.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

async function dropDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    await c.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  } finally {
    await c.end();
  }
}

export function defaultDataDir(o: Options): string {
  return join(tmpdir(), 'civdesk-bench', `pglite-${o.spec.seed}-${o.spec.users}-${o.spec.logs}`);
}

const empty = (): Series => ({ c1: [], c64: [] });

/** The statement counts by request shape alone: in-process, no load (`--recount`). */
export async function countStatements(kind: DbKind, o: Options, log: (m: string) => void): Promise<Recorded['statements']> {
  const db = await (kind === 'postgres' ? openDb({ url: o.pgUrl, poolSize: 16 }) : openDb({ dataDir: o.dataDir ?? defaultDataDir(o) }));
  try {
    await ensureDataset(db, o.spec, log);
    log(`${kind}: counting statements per request`);
    return (await recordRequests(db, { list: requests.list, deep: requests.deep, detail: (id) => requests.detail + id })).statements;
  } finally {
    await db.close();
  }
}

/** Runs every measurement for one database; `log` narrates progress. */
export async function benchDatabase(kind: DbKind, o: Options, tool: Tool, log: (m: string) => void): Promise<DbRun | null> {
  const dataDir = o.dataDir ?? defaultDataDir(o);
  if (kind === 'postgres') await ensureDatabase(o.pgUrl as string);
  else mkdirSync(dataDir, { recursive: true });
  const open = (): Promise<Db> => (kind === 'postgres' ? openDb({ url: o.pgUrl, poolSize: 16 }) : openDb({ dataDir }));
  const serverEnv: Record<string, string> =
    kind === 'postgres' ? { DATABASE_URL: o.pgUrl as string } : { DATABASE_URL: '', DATA_DIR: dataDir };
  const logDir = join(tmpdir(), 'civdesk-bench');
  mkdirSync(logDir, { recursive: true });

  log(`${kind}: preparing the data set (${o.spec.users} users, ${o.spec.logs} API-log rows)`);
  const t0 = performance.now();
  let db = await open();
  let rec: Recorded;
  let dataset: DbRun['dataset'];
  let version: string;
  try {
    const ds = await ensureDataset(db, o.spec, (m) => log(m));
    dataset = { ...(ds.report as GenerateReport), generatedNow: ds.generated, prepareSeconds: (performance.now() - t0) / 1000 };
    if (o.generateOnly) return null;
    [{ version }] = await db.query<{ version: string }>(`select split_part(version(), ' ', 2) as version`);
    rec = await recordRequests(db, { list: requests.list, deep: requests.deep, detail: (id) => requests.detail + id });
  } finally {
    await db.close();
  }
  const ids = rec.ids;
  const detailPaths = ids.map((id) => requests.detail + id);
  const detailPlans = ids.map((id) => withId(rec.detail, ids[0], id));
  const planFile = join(logDir, `plans-${kind}.json`);
  writeFileSync(planFile, JSON.stringify({ list: rec.list, deep: rec.deep, detail: rec.detail, detailId: ids[0] }));

  const results = {
    list: { sql: empty(), bare: empty(), app: empty() },
    detail: { sql: empty(), bare: empty(), app: empty() },
    deep: { sql: empty(), bare: empty(), app: empty() },
  } as DbRun['results'];
  const signIn: DbRun['signIn'] = {
    clients: 4,
    max: [],
    rate: o.signInRate,
    otherRate: o.otherRate,
    baseline: [],
    during: [],
    burst: [],
    outside: [],
    loopAlone: [],
    loopDuring: [],
  };
  const memory: DbRun['memory'] = { idleMb: [], peakMb: [], afterMb: [] };
  const warmStartMs: number[] = [];
  const deepIterations = Math.max(50, Math.round(o.iterations / 10));

  const sqlPhase = async () => {
    log(`${kind}: SQL through the driver`);
    db = await open();
    try {
      const r = results;
      r.list.sql.c1.push(asLoad(await sequential(() => replay(db, rec.list), o.iterations), 1));
      r.detail.sql.c1.push(asLoad(await sequential((i) => replay(db, detailPlans[i % detailPlans.length]), o.iterations), 1));
      r.deep.sql.c1.push(asLoad(await sequential(() => replay(db, rec.deep), deepIterations, 10), 1));
      r.list.sql.c64.push(asLoad(await concurrent(() => replay(db, rec.list), 64, o.seconds), 64));
      r.detail.sql.c64.push(asLoad(await concurrent((i) => replay(db, detailPlans[i % detailPlans.length]), 64, o.seconds), 64));
    } finally {
      await db.close();
    }
  };

  const httpPhase = async (way: 'bare' | 'app', s: Server, headers: Record<string, string>, paths: Record<Case, string[]>) => {
    const spec = (c: Case): Omit<LoadSpec, 'connections' | 'seconds'> => ({ base: s.base, paths: paths[c], headers });
    results.list[way].c1.push(await sequentialHttp(spec('list'), o.iterations));
    results.detail[way].c1.push(await sequentialHttp(spec('detail'), o.iterations));
    results.deep[way].c1.push(await sequentialHttp(spec('deep'), deepIterations, 10));
    const measured = async (c: Case) => {
      const before = cpuMs(s.pid);
      const r = await load(tool, { ...spec(c), connections: 64, seconds: o.seconds }, 0);
      return { ...r, cpuUs: ((cpuMs(s.pid) - before) * 1000) / r.n };
    };
    const { peakMb } = await withPeakRss(s.pid, async () => {
      await load(tool, { ...spec('list'), connections: 64, seconds: 2 }, 0); // warm-up
      results.list[way].c64.push(await measured('list'));
      await load(tool, { ...spec('detail'), connections: 64, seconds: 2 }, 0);
      results.detail[way].c64.push(await measured('detail'));
    });
    return peakMb;
  };

  const barePhase = async () => {
    log(`${kind}: bare Fastify route running the same SQL`);
    const s = await startProcess(
      'bench/src/measure/bare-server.ts',
      { ...serverEnv, BENCH_PLAN_FILE: planFile },
      '/bare/ready',
      join(logDir, `bare-${kind}.log`),
    );
    try {
      await httpPhase('bare', s, {}, { list: ['/bare/list'], deep: ['/bare/deep'], detail: ids.map((id) => `/bare/detail?id=${id}`) });
    } finally {
      await s.stop();
    }
  };

  const appPhase = async () => {
    log(`${kind}: the app`);
    const loopFile = join(logDir, `loop-${kind}.jsonl`);
    rmSync(loopFile, { force: true });
    const s = await startProcess(
      'apps/server/src/server.ts',
      { ...serverEnv, ...o.appEnv, CAPTCHA_MODE: 'off', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_CONCURRENT: '0', BENCH_LOOP_FILE: loopFile },
      '/api/civdesk/web-config',
      join(logDir, `app-${kind}.log`),
      { nodeArgs: ['--import', join(import.meta.dirname, 'loop-probe.mjs')] },
    );
    warmStartMs.push(s.readyMs);
    // event-loop delay over one stretch of work, read from the probe inside the server
    const loopDelay = async <T>(work: () => Promise<T>): Promise<{ result: T; loop: LoopDelay }> => {
      s.signal('SIGUSR2');
      const result = await work();
      s.signal('SIGUSR2');
      await new Promise((r) => setTimeout(r, 200));
      const lines = existsSync(loopFile) ? readFileSync(loopFile, 'utf8').trim().split('\n') : [];
      return { result, loop: JSON.parse(lines.at(-1) || '{"p50":null,"p99":null,"max":null}') };
    };
    try {
      const cfg = JSON.parse(await request(`${s.base}/api/civdesk/web-config`)).data;
      const signInHeaders = {
        authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')}`,
        'tenant-id': BENCH_TENANT,
        'content-type': 'application/x-www-form-urlencoded',
      };
      const body = (account: string, password: string) => `grant_type=password&scope=all&username=${account}&password=${md5hex(password)}`;
      const token = JSON.parse(
        await request(s.base + tokenPath, { method: 'POST', headers: signInHeaders, body: body('admin', 'admin') }),
      ).access_token;
      const headers = { 'blade-auth': `bearer ${token}` };
      await new Promise((r) => setTimeout(r, 1000));
      memory.idleMb.push(s.rssMb());
      memory.peakMb.push(await httpPhase('app', s, headers, { list: [requests.list], deep: [requests.deep], detail: detailPaths }));

      log(`${kind}: sign-in`);
      const bodies = rec.accounts.map((a) => body(a, BENCH_PASSWORD));
      signIn.max.push(
        await load(tool, {
          base: s.base,
          paths: [tokenPath],
          method: 'POST',
          headers: signInHeaders,
          bodies,
          connections: signIn.clients,
          seconds: o.seconds,
        }),
      );
      const listOnce = () => request(s.base + requests.list, { headers, agent: pool });
      const signOnce = (i: number) =>
        request(s.base + tokenPath, { method: 'POST', headers: signInHeaders, body: bodies[i % bodies.length], agent: pool });
      const burner = startBurner();
      const burnOnce = (i: number) => burner.run(i);
      try {
        await openLoop(listOnce, o.otherRate, 1); // warm-up
        await openLoop(burnOnce, o.signInRate, 1);
        // alone, during a burst, and beside the same hashing outside the server: twice, alternating,
        // so one noisy moment does not decide it
        for (let k = 0; k < 2; k++) {
          const alone = await loopDelay(() => openLoop(listOnce, o.otherRate, o.seconds));
          signIn.baseline.push(alone.result);
          signIn.loopAlone.push(alone.loop);
          const both = await loopDelay(() =>
            Promise.all([openLoop(listOnce, o.otherRate, o.seconds), openLoop(signOnce, o.signInRate, o.seconds)]),
          );
          signIn.during.push(both.result[0]);
          signIn.burst.push(both.result[1]);
          signIn.loopDuring.push(both.loop);
          const [outside] = await Promise.all([openLoop(listOnce, o.otherRate, o.seconds), openLoop(burnOnce, o.signInRate, o.seconds)]);
          signIn.outside?.push(outside);
        }
      } finally {
        burner.stop();
      }
      await new Promise((r) => setTimeout(r, 1000));
      memory.afterMb.push(s.rssMb());
    } finally {
      await s.stop();
    }
  };

  // Each repetition runs the three ways in a different order, so a slow patch of the shared machine
  // does not always land on the same one.
  const phases = [sqlPhase, barePhase, appPhase];
  for (let rep = 0; rep < o.repeat; rep++) {
    log(`${kind}: repetition ${rep + 1} of ${o.repeat}`);
    for (let k = 0; k < phases.length; k++) await phases[(k + rep) % phases.length]();
  }

  log(`${kind}: cold start on a fresh ${kind === 'postgres' ? 'database' : 'data folder'}`);
  const coldStartMs: number[] = [];
  for (let i = 0; i < o.repeat; i++) {
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'civdesk-cold-'));
      try {
        const s = await startProcess(
          'apps/server/src/server.ts',
          { DATABASE_URL: '', DATA_DIR: dir },
          '/api/civdesk/web-config',
          join(logDir, 'cold.log'),
        );
        coldStartMs.push(s.readyMs);
        await s.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else {
      const u = new URL(o.pgUrl as string);
      u.pathname = `/civdesk_bench_cold_${process.pid}_${i}`;
      await ensureDatabase(u.toString());
      try {
        const s = await startProcess(
          'apps/server/src/server.ts',
          { DATABASE_URL: u.toString() },
          '/api/civdesk/web-config',
          join(logDir, 'cold.log'),
        );
        coldStartMs.push(s.readyMs);
        await s.stop();
      } finally {
        await dropDatabase(u.toString());
      }
    }
  }

  return {
    db: kind,
    version: kind === 'pglite' ? `PGlite (PostgreSQL ${version})` : `PostgreSQL ${version}`,
    dataset,
    requests: { list: requests.list, deep: requests.deep, detail: `${requests.detail}<${ids.length} ids in turn>` },
    listAnswer: rec.listAnswer,
    statements: rec.statements,
    plans: { list: rec.list, detail: rec.detail, deep: rec.deep },
    results,
    signIn,
    memory,
    warmStartMs,
    coldStartMs,
  };
}

function asLoad(s: import('../stats.ts').Summary, connections: number): LoadResult {
  return { ...s, errors: 0, tool: 'node', connections, seconds: s.rps > 0 ? s.n / s.rps : 0 };
}
