import type { Queryable } from '@civdesk/db';

/** Failures count within this window (from the last one), and a lock lasts as long. */
export const FAIL_WINDOW_MINUTES = 30;

export const accountKey = (tenantId: string, account: string) => `acct:${tenantId}:${account.toLowerCase()}`.slice(0, 200);
export const ipKey = (ip: string) => `ip:${ip}`.slice(0, 200);
/** One account from one address: what the growing delays and the captcha count. */
export const pairKey = (tenantId: string, account: string, ip: string) => `pair:${tenantId}:${account.toLowerCase()}:${ip}`.slice(0, 200);

/** Failure counts within the window and seconds since the last failure. */
export async function failStates(q: Queryable, keys: string[]): Promise<Map<string, { n: number; since: number }>> {
  const rows = await q.query<{ k: string; n: number; since: number }>(
    `select fail_key as k, fail_count as n, extract(epoch from now() - last_time)::int as since from blade_login_fail
      where fail_key = any($1::text[]) and last_time > now() - make_interval(mins => $2)`,
    [keys, FAIL_WINDOW_MINUTES],
  );
  return new Map(rows.map((r) => [r.k, { n: r.n, since: r.since }]));
}

/** Clears an account's lock and the counts of every address it was tried from (administrator or phone unlock). */
export async function clearAccount(q: Queryable, tenantId: string, account: string): Promise<void> {
  await q.query('delete from blade_login_fail where fail_key = $1 or starts_with(fail_key, $2)', [
    accountKey(tenantId, account),
    `pair:${tenantId}:${account.toLowerCase()}:`,
  ]);
}

/** Failure counts of these keys within the window. */
export async function failCounts(q: Queryable, keys: string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ k: string; n: number }>(
    `select fail_key as k, fail_count as n from blade_login_fail
      where fail_key = any($1::text[]) and last_time > now() - make_interval(mins => $2)`,
    [keys, FAIL_WINDOW_MINUTES],
  );
  return new Map(rows.map((r) => [r.k, r.n]));
}

/** Counts one more failure for each key (a count older than the window starts again at 1). */
export async function recordFailure(q: Queryable, keys: string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ k: string; n: number }>(
    `insert into blade_login_fail as f (fail_key, fail_count, last_time) select k, 1, now() from unnest($1::text[]) as k
     on conflict (fail_key) do update set
       fail_count = case when f.last_time > now() - make_interval(mins => $2) then f.fail_count + 1 else 1 end,
       last_time = now()
     returning fail_key as k, fail_count as n`,
    [keys, FAIL_WINDOW_MINUTES],
  );
  return new Map(rows.map((r) => [r.k, r.n]));
}

export async function clearFailures(q: Queryable, keys: string[]): Promise<void> {
  if (keys.length) await q.query('delete from blade_login_fail where fail_key = any($1::text[])', [keys]);
}

/**
 * Counts one more call for each key and answers the calls of this window of `minutes` and the one
 * before it (the key names its window): a burst across a window's edge is counted whole instead of
 * starting again at zero. Counters a day old are purged.
 */
export async function countCalls(q: Queryable, keys: string[], minutes: number): Promise<Map<string, number>> {
  const window = Math.floor(Date.now() / (minutes * 60_000));
  const named = (w: number) => keys.map((k) => `${k}@${w}`.slice(0, 200));
  const rows = await q.query<{ k: string; n: number }>(
    `with gone as (delete from blade_login_fail where last_time < now() - interval '1 day'),
     up as (insert into blade_login_fail as f (fail_key, fail_count, last_time) select k, 1, now() from unnest($1::text[]) as k
            on conflict (fail_key) do update set fail_count = f.fail_count + 1, last_time = now()
            returning fail_key as k, fail_count as n)
     select up.k, up.n + coalesce(p.fail_count, 0) as n
       from up join unnest($1::text[], $2::text[]) as w(k, prev) on w.k = up.k
       left join blade_login_fail p on p.fail_key = w.prev`,
    [named(window), named(window - 1)],
  );
  return new Map(rows.map((r) => [r.k.slice(0, r.k.lastIndexOf('@')), r.n]));
}
