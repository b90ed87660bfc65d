import type { Db, Queryable } from '@civdesk/db';
import { authLog, frontLog, logApi, logError, logUsual } from '@civdesk/resources';

/** The log tables the retention job keeps short. */
export const LOG_TABLES = [logApi, logUsual, logError, frontLog, authLog].map((r) => r.table);
const BATCH = 10_000;

/** Deletes rows older than the retention from each log table, in bounded batches; returns counts. */
export async function purgeOldLogs(db: Queryable, days: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  if (!Number.isSafeInteger(days) || days < 1) return out;
  for (const table of LOG_TABLES) {
    let total = 0;
    for (;;) {
      const gone = await db.query(
        `delete from "${table}" where id in (select id from "${table}" where create_time < now() - make_interval(days => $1) limit ${BATCH}) returning 1`,
        [days],
      );
      total += gone.length;
      if (gone.length < BATCH) break;
    }
    out[table] = total;
  }
  return out;
}

/** Purges once a few minutes after start, then hourly; several server copies take turns (advisory lock). */
export function startRetention(db: Db, days: () => Promise<number>, report: (table: string, n: number) => void): () => void {
  const run = async () => {
    try {
      const keep = await days();
      const counts: Record<string, number> = await db.tx(async (t) => {
        const [lock] = await t.query<{ ok: boolean }>('select pg_try_advisory_xact_lock(20260003) as ok');
        return lock?.ok ? purgeOldLogs(t, keep) : {};
      });
      for (const [table, n] of Object.entries(counts)) report(table, n);
    } catch {
      // the next run tries again
    }
  };
  const first = setTimeout(run, 5 * 60_000).unref();
  const every = setInterval(run, 60 * 60_000).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
