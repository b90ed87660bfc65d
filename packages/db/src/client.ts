import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { acquireDataDirLock } from './lock.ts';
import { StatementNames } from './statement-names.ts';

export type Row = Record<string, unknown>;

export type Queryable = {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

/** One database handle with the same API on embedded PGlite and on a PostgreSQL server. */
export type Db = Queryable & {
  kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction; a throw rolls everything back. BEGIN goes out with the first
   * statement: when that one has no parameters, both travel in one exchange (see `deferredBegin`).
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Statements sent so far (benchmarks and tests read it to count queries per request). */
  stats: { queries: number };
  /** PGlite only: the whole database as a tarball (a migrated template for tests). */
  dump?(): Promise<Blob>;
};

export type DbOptions = {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  loadDataDir?: Blob;
  poolSize?: number;
  /** Named (prepared) statements for repeated ones (statement-names.ts); off for a pooler that cannot keep them. */
  prepare?: boolean;
};

export async function openDb(opts: DbOptions): Promise<Db> {
  const names = opts.prepare === false ? new StatementNames(0) : new StatementNames();
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 16, names) : openPglite(opts, names);
}

/**
 * Embedded PostgreSQL (PGlite) in a worker thread (pglite-worker.mjs says why). It has one
 * connection: statements run one after another in the order sent; a transaction holds it, and
 * statements from outside wait until it ends, as PGlite's own transaction() does.
 */
async function openPglite(opts: DbOptions, names: StatementNames): Promise<Db> {
  let release = () => {};
  let dataDir: string | undefined;
  if (!opts.memory) {
    const dir = resolve(opts.dataDir ?? './data');
    mkdirSync(dir, { recursive: true });
    release = acquireDataDirLock(dir);
    dataDir = resolve(dir, 'pglite');
  }
  const loadDataDir = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, loadDataDir },
    transferList: loadDataDir ? [loadDataDir] : [],
    execArgv: [],
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failed: Error | null = null;
  const settle = (id: number, msg: { result?: unknown; error?: { message: string; code?: string } }) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref(); // an idle database does not keep the process alive
    if (msg.error) p.reject(Object.assign(new Error(msg.error.message), msg.error));
    else p.resolve(msg.result);
  };
  const ready = new Promise((resolve, reject) => pending.set(0, { resolve, reject }));
  worker.on('message', (msg) => settle(msg.id, msg));
  worker.on('error', (e) => {
    // 08006 (connection failure): callers tell an outage from a wrong statement by it.
    const lost = { message: `embedded database failed: ${e.message}`, code: '08006' };
    failed = Object.assign(new Error(lost.message), lost);
    for (const id of [...pending.keys()]) settle(id, { error: lost });
  });
  const send = <T>(op: string, sql?: string, params?: unknown[], name?: string): Promise<T> => {
    if (failed) return Promise.reject(failed);
    if (pending.size === 0) worker.ref();
    const id = nextId++;
    const out = new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    worker.postMessage({ id, op, sql, params, name });
    return out;
  };
  try {
    await ready;
  } catch (e) {
    await worker.terminate();
    release();
    throw e;
  }

  // Transactions queue behind each other; a statement from outside waits for all queued ones.
  let txChain: Promise<void> | null = null;
  const outside = async () => {
    while (txChain) await txChain;
  };
  const stats = { queries: 0 };
  const inTx: Queryable = {
    query: <T>(sql: string, params?: unknown[]) => {
      stats.queries++;
      return send<T[]>('query', sql, params, names.nameOf(sql, params));
    },
    exec: async (sql) => {
      stats.queries++;
      await send('exec', sql);
    },
  };
  return {
    kind: 'pglite',
    stats,
    query: async <T>(sql: string, params?: unknown[]) => {
      await outside();
      return inTx.query<T>(sql, params);
    },
    exec: async (sql) => {
      await outside();
      await inTx.exec(sql);
    },
    tx: async (fn) => {
      const before = txChain ?? Promise.resolve();
      let done = () => {};
      const mine = new Promise<void>((r) => {
        done = r;
      });
      const chain = before.then(() => mine);
      txChain = chain;
      await before;
      const opened = deferredBegin(inTx, (sql) => {
        if (sql) stats.queries++;
        return send<Row[]>('begin', sql);
      });
      try {
        const out = await fn(opened.q);
        if (opened.begun) await send('exec', 'commit');
        return out;
      } catch (e) {
        if (opened.begun) await send('exec', 'rollback').catch(() => {});
        throw e;
      } finally {
        if (txChain === chain) txChain = null;
        done();
      }
    },
    close: async () => {
      await outside();
      try {
        await send('close');
      } finally {
        await worker.terminate();
        release();
      }
    },
    dump: async () => new Blob([await send<ArrayBuffer>('dump')]),
  };
}

async function openPostgres(url: string, max: number, names: StatementNames): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Without a listener an idle client's error (the server restarting) kills the process.
  pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
  const stats = { queries: 0 };
  const run = async <T>(c: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) => {
    stats.queries++;
    const name = names.nameOf(sql, params);
    const result = name ? await c.query({ name, text: sql, values: params }) : await c.query(sql, params as unknown[]);
    return result.rows as T[];
  };
  await run(pool, 'select 1');
  stats.queries = 0;
  return {
    kind: 'postgres',
    stats,
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => {
      await run(pool, sql);
    },
    tx: async (fn) => {
      const c = await pool.connect();
      const inTx: Queryable = { query: (sql, params) => run(c, sql, params), exec: async (sql) => void (await run(c, sql)) };
      const opened = deferredBegin(inTx, async (sql) => {
        if (sql) stats.queries++;
        // One text, two statements: the driver sends it with the simple protocol and answers both.
        const results = (await c.query(sql ? `begin;\n${sql}` : 'begin')) as unknown as pg.QueryResult[] | pg.QueryResult;
        return Array.isArray(results) ? (results[1]?.rows ?? []) : [];
      });
      try {
        const out = await fn(opened.q);
        if (opened.begun) await c.query('commit');
        return out;
      } catch (e) {
        if (opened.begun) await c.query('rollback').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A transaction's BEGIN, sent with its first statement. Each exchange with the database costs both
 * sides a write and a read (system calls, the larger part of a short statement's cost), so a first
 * statement without parameters (a lock taken by literal ids) goes in the same text as BEGIN:
 * `begin(sql)` runs both and answers the statement's rows. A first statement with parameters is
 * preceded by a plain `begin(undefined)`. A transaction that sends nothing begins nothing.
 */
function deferredBegin(inner: Queryable, begin: (sql: string | undefined) => Promise<Row[]>) {
  const state = { begun: false, q: inner };
  state.q = {
    query: async <T>(sql: string, params?: unknown[]) => {
      if (state.begun) return inner.query<T>(sql, params);
      state.begun = true;
      if (params?.length) {
        await begin(undefined);
        return inner.query<T>(sql, params);
      }
      return (await begin(sql)) as T[];
    },
    exec: async (sql: string) => {
      if (state.begun) return inner.exec(sql);
      state.begun = true;
      await begin(sql);
    },
  };
  return state;
}

/**
 * A value as an SQL literal, for statements sent without parameters (a transaction's first
 * statement rides with its BEGIN): text quoted by the driver's own escaping, integers as digits.
 */
export function sqlLiteral(v: string | bigint): string {
  return typeof v === 'bigint' ? v.toString() : pg.escapeLiteral(v);
}
