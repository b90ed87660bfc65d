import type { Db } from '@civdesk/db';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { md5hex } from '../../../apps/server/src/modules/auth/passwords.ts';
// for the type of `app.logs` (the writer's own statements are left out of the counts)
import type {} from '../../../apps/server/src/modules/log/log.plugin.ts';
import { BENCH_TENANT } from '../generate/dataset.ts';
import { groupWaves } from '../stats.ts';

export type Statement = { sql: string; params: unknown[]; wave: number };
/** What one request ran: its statements grouped in waves (a wave's statements ran side by side). */
export type Plan = { waves: { sql: string; params: unknown[] }[][]; statements: number };

/**
 * A Db that notes every statement and which ran side by side: a statement issued while another is
 * still running belongs to the same wave. Replaying the waves reproduces the request's SQL exactly.
 */
export function recording(db: Db) {
  let log: Statement[] = [];
  let inflight = 0;
  let wave = 0;
  const query: Db['query'] = async (sql, params) => {
    if (inflight === 0) wave++;
    inflight++;
    log.push({ sql, params: params ?? [], wave });
    try {
      return await db.query(sql, params);
    } finally {
      inflight--;
    }
  };
  const wrapped: Db = { ...db, query };
  return {
    db: wrapped,
    start() {
      log = [];
    },
    plan(): Plan {
      return { waves: groupWaves(log).map((w) => w.map(({ sql, params }) => ({ sql, params }))), statements: log.length };
    },
  };
}

export type Requests = { list: string; deep: string; detail: (id: string) => string };

export type Recorded = {
  token: string;
  list: Plan;
  deep: Plan;
  detail: Plan;
  /** Statements per request by the driver's counter, for several page sizes and shapes. */
  statements: { request: string; statements: number; approximate: boolean; total: number | null }[];
  listAnswer: { total: number; approximate: boolean; records: number };
  ids: string[];
  accounts: string[];
};

/**
 * Boots the real app in this process on the benchmark database, signs in, and records the SQL
 * each measured request runs (to replay it as the floor) and the statement counts by page size.
 */
export async function recordRequests(db: Db, req: Requests): Promise<Recorded> {
  const rec = recording(db);
  const config = { ...loadConfig({ NODE_ENV: 'test', CAPTCHA_MODE: 'off' }), webDist: '/nonexistent', logLevel: 'silent' };
  const app = await buildApp({ db: rec.db, config });
  try {
    const wc = await app.inject({ method: 'GET', url: '/api/civdesk/web-config' });
    const { clientId, clientSecret } = wc.json().data;
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'tenant-id': BENCH_TENANT,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `grant_type=password&scope=all&username=admin&password=${md5hex('admin')}`,
    });
    const token = signIn.json().access_token as string;
    if (!token) throw new Error(`sign-in for the benchmark failed: ${signIn.body}`);
    const headers = { 'blade-auth': `bearer ${token}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.json().data;
    };
    // The app caches sessions, grants and parameters for a second; when a request starts after they
    // expired (a slow request before it, a busy machine) it reads them again: up to three statements
    // once a second per session, not per request. Every recording and count is therefore taken
    // three times right after a warm-up, keeping the fewest: the request's own statements.
    const tries = 3;
    const planOf = async (url: string) => {
      await get(url); // warm the app's caches (select lists) first
      let best: Plan | undefined;
      for (let i = 0; i < tries; i++) {
        rec.start();
        await get(url);
        const plan = rec.plan();
        if (!best || plan.statements < best.statements) best = plan;
      }
      return best as Plan;
    };
    const list = await planOf(req.list);
    const deep = await planOf(req.deep);
    const ids = (
      await db.query<{ id: string }>(
        // spread over the whole table (and so over the years), always the same ones
        `select id::text from blade_log_api where tenant_id = $1 and id % 997 = 0 order by id limit 1000`,
        [BENCH_TENANT],
      )
    ).map((r) => r.id);
    const detail = await planOf(req.detail(ids[0]));
    const accounts = (
      await db.query<{ account: string }>(
        `select account from blade_user where tenant_id = $1 and account <> 'admin' and is_deleted = 0 order by id limit 500`,
        [BENCH_TENANT],
      )
    ).map((r) => r.account);

    const statements: Recorded['statements'] = [];
    const count = async (url: string, label: string) => {
      await get(url);
      let fewest = Number.POSITIVE_INFINITY;
      let data: { approximate?: boolean; total?: unknown } | undefined;
      for (let i = 0; i < tries; i++) {
        // the API log's batched inserts are the writer's, not the request's
        const before = db.stats.queries - app.logs.writer.statements;
        data = await get(url);
        fewest = Math.min(fewest, db.stats.queries - app.logs.writer.statements - before);
      }
      statements.push({
        request: label,
        statements: fewest,
        approximate: Boolean(data?.approximate),
        total: typeof data?.total === 'number' ? data.total : null,
      });
      return data;
    };
    const base = req.list.replace(/([?&])size=\d+/, '$1size=SIZE');
    for (const size of [1, 20, 100, 1000]) await count(base.replace('SIZE', String(size)), `log list, size ${size}`);
    await count(req.deep, 'log list, deep page');
    await count('/api/blade-log/api/page?current=1&size=20', 'log list, no filter');
    await count(
      '/api/blade-log/api/page?current=1&size=20&requestUri=%2Fdw-minor%2Fcase%2Fsubmit&createTime_datege=2025-12-01%2000:00:00',
      'log list, narrow filter',
    );
    await count('/api/blade-log/api/page?current=1&size=-1&method=POST', 'log list, unpaged (size -1)');
    await count(req.detail(ids[1]), 'log detail');
    await count('/api/blade-system/region/page?current=1&size=20', 'region list (44 k rows)');
    await count('/api/blade-system/post/page?current=1&size=20', 'post list (small)');
    const answer = await get(req.list);
    return {
      token,
      list,
      deep,
      detail,
      statements,
      listAnswer: { total: answer.total, approximate: Boolean(answer.approximate), records: answer.records.length },
      ids,
      accounts,
    };
  } finally {
    await app.close();
  }
}
