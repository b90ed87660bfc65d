import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './lock.ts';

export type Row = Record<string, unknown>;

export type Queryable = {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

/** One database handle with the same API on embedded PGlite and on a PostgreSQL server. */
export type Db = Queryable & {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; a throw rolls everything back. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Statements sent so far (benchmarks and tests read it to count queries per request). */
  stats: { queries: number };
};

export type DbOptions = { url?: string; dataDir?: string; memory?: boolean; loadDataDir?: Blob; poolSize?: number };

export async function openDb(opts: DbOptions): Promise<Db> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 16) : openPglite(opts);
}

async function openPglite(opts: DbOptions): Promise<Db> {
  let release = () => {};
  let dataDir: string | undefined;
  if (!opts.memory) {
    const dir = resolve(opts.dataDir ?? './data');
    mkdirSync(dir, { recursive: true });
    release = acquireDataDirLock(dir);
    dataDir = resolve(dir, 'pglite');
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  } catch (e) {
    release();
    throw e;
  }
  const stats = { queries: 0 };
  const run = async <T>(q: { query: PGlite['query'] }, sql: string, params?: unknown[]) => {
    stats.queries++;
    return (await q.query<T>(sql, params)).rows;
  };
  return {
    kind: 'pglite',
    stats,
    query: (sql, params) => run(client, sql, params),
    exec: async (sql) => {
      stats.queries++;
      await client.exec(sql);
    },
    tx: (fn) =>
      client.transaction((t) =>
        fn({
          query: (sql, params) => run(t, sql, params),
          exec: async (sql) => {
            stats.queries++;
            await t.exec(sql);
          },
        }),
      ),
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Without a listener an idle client's error (the server restarting) kills the process.
  pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
  const stats = { queries: 0 };
  const run = async <T>(c: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) => {
    stats.queries++;
    return (await c.query(sql, params as unknown[])).rows as T[];
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
      try {
        await c.query('begin');
        const out = await fn({ query: (sql, params) => run(c, sql, params), exec: async (sql) => void (await run(c, sql)) });
        await c.query('commit');
        return out;
      } catch (e) {
        await c.query('rollback').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}
