import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '@civdesk/db';
import { describe, expect, it } from 'vitest';
import { LogSpool } from './log-spool.ts';
import { LogWriter } from './log-writer.ts';

/** A stand-in for the database driver: takes rows while `up`, else refuses as an unreachable server. */
function fakeDb() {
  const rows: unknown[] = [];
  const db = {
    up: false,
    rows,
    query: async (_sql: string, params?: unknown[]) => {
      if (!db.up) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      rows.push(...JSON.parse(String(params?.[0])));
      return [];
    },
  };
  return db;
}

describe('LogWriter during an outage', () => {
  it('spills to the spool beyond its memory bound, and the next start writes the spool', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'logspool-')), 'log-spool');
    const db = fakeDb();
    const opts = { intervalMs: 60_000, batch: 10, maxPending: 25, maxBackoffMs: 60_000, spool: new LogSpool(dir) };
    const reports: string[] = [];
    const w = new LogWriter(db as unknown as Db, (m) => reports.push(m), opts);
    for (let i = 0; i < 40; i++) w.add('t', { n: i });
    await w.flush();
    expect(w.stats().spooled).toBeGreaterThan(0);
    expect(readdirSync(dir).length).toBeGreaterThan(0);
    await w.close();
    expect(w.stats().pending).toBe(0);
    expect(w.stats().lost).toBe(0);

    db.up = true;
    const next = new LogWriter(db as unknown as Db, () => {}, opts);
    await next.flush();
    expect(db.rows.map((r) => (r as { n: number }).n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(readdirSync(dir)).toEqual([]);
    expect(reports.length).toBeGreaterThan(0);
  });

  it('without a spool, counts what the memory bound cannot keep', async () => {
    const db = fakeDb();
    const w = new LogWriter(db as unknown as Db, () => {}, { intervalMs: 60_000, batch: 10, maxPending: 20, maxBackoffMs: 60_000 });
    for (let i = 0; i < 30; i++) w.add('t', { n: i });
    await w.flush();
    expect(w.stats()).toMatchObject({ pending: 20, lost: 10 });
    db.up = true;
    await w.flush();
    expect(db.rows).toHaveLength(20);
    expect(existsSync('log-spool')).toBe(false);
  });
});
