import type { Db } from '@civdesk/db';
import { wellFormed } from '../../core/text.ts';
import { newId } from '../../crud/ids.ts';
import type { Batch, LogSpool } from './log-spool.ts';

type Value = string | number | null;
export type LogRow = Record<string, Value>;

export type WriterOptions = {
  intervalMs: number;
  batch: number;
  /** Rows kept in memory while the database cannot take them; beyond, they go to the spool (or the oldest are lost). */
  maxPending: number;
  /** The longest wait between two attempts while the database is unreachable. */
  maxBackoffMs: number;
  spool?: LogSpool;
};

/** What the writer did since it started: the counters the server log and tests read. */
export type WriterStats = { written: number; lost: number; pending: number; spooled: number };

/** A refusal of the rows themselves (bad value, constraint): retrying the same rows cannot help. */
const rowError = (e: unknown) => /^(22|23)/.test(String((e as { code?: unknown })?.code ?? ''));

/**
 * Log rows are buffered and written in batches (one insert statement per table every second, or
 * sooner when a batch fills), so logging never adds a statement to a request. No row is lost
 * silently: a batch the database refuses because of one row is written row by row (only that row
 * is lost, and counted); a batch it cannot take at all (unreachable, stopped) is kept — in memory
 * up to `maxPending` rows, then in the spool on disk — and retried with a growing delay; what is
 * still kept when the server closes goes to the spool and is written by the next start.
 */
export class LogWriter {
  private buffers = new Map<string, LogRow[]>();
  private pending: Batch[] = [];
  private pendingRows = 0;
  private spooled = 0;
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private flushing: Promise<void> = Promise.resolve();
  written = 0;
  lost = 0;
  /** Statements this writer sent (tests subtract them when counting a request's own statements). */
  statements = 0;

  constructor(
    private db: Db,
    private report: (msg: string, e?: unknown) => void,
    private opts: WriterOptions = { intervalMs: 1000, batch: 500, maxPending: 50_000, maxBackoffMs: 60_000 },
  ) {
    if (opts.spool?.files().length) this.timer = setTimeout(() => void this.flush(), opts.intervalMs).unref();
  }

  stats(): WriterStats {
    return { written: this.written, lost: this.lost, pending: this.pendingRows, spooled: this.spooled };
  }

  add(table: string, row: LogRow): void {
    const clean: LogRow = { id: newId() };
    for (const [k, v] of Object.entries(row)) clean[k] = typeof v === 'string' ? wellFormed(v.replaceAll('\u0000', '')) : v;
    const rows = this.buffers.get(table) ?? [];
    rows.push(clean);
    this.buffers.set(table, rows);
    if (rows.length >= this.opts.batch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.intervalMs).unref();
  }

  /** Writes what is kept from earlier attempts, then everything buffered so far; resolves when done trying. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const fresh: Batch[] = [];
    for (const [table, rows] of this.buffers) {
      for (let i = 0; i < rows.length; i += this.opts.batch) fresh.push({ table, rows: rows.slice(i, i + this.opts.batch) });
    }
    this.buffers.clear();
    this.flushing = this.flushing.then(async () => {
      const kept = this.pending;
      this.pending = [];
      this.pendingRows = 0;
      let up = await this.writeAll([...kept, ...fresh]);
      if (up) up = await this.drainSpool();
      this.afterAttempt(up);
    });
    return this.flushing;
  }

  /** On close: a last attempt, then whatever is still kept goes to the spool. */
  async close(): Promise<void> {
    clearTimeout(this.retryTimer);
    await this.flush();
    clearTimeout(this.retryTimer);
    if (this.pending.length && this.opts.spool) {
      this.spooled += this.opts.spool.write(this.pending);
      this.report(`${this.pendingRows} 条日志暂存到磁盘, 下次启动时写入`);
      this.pending = [];
      this.pendingRows = 0;
    }
  }

  private async writeAll(batches: Batch[], keep = true): Promise<boolean> {
    let up = true;
    for (const b of batches) {
      if (up) up = await this.write(b, keep);
      else if (keep) this.keep(b);
    }
    return up;
  }

  private async drainSpool(): Promise<boolean> {
    const spool = this.opts.spool;
    if (!spool) return true;
    for (const file of spool.files()) {
      // A file is removed once all of it is written; its rows written before a failure are
      // skipped when it is read again (same ids).
      if (!(await this.writeAll(spool.read(file), false))) return false;
      spool.remove(file);
    }
    return true;
  }

  /** False when the database could not be reached (the batch is kept unless told otherwise). */
  private async write(b: Batch, keep = true): Promise<boolean> {
    try {
      await this.insert(b.table, b.rows);
      this.written += b.rows.length;
      return true;
    } catch (e) {
      if (!rowError(e) || b.rows.length === 1) {
        if (rowError(e)) return this.drop(b, e);
        if (keep) this.keep(b);
        if (this.failures === 0) this.report('写入日志失败，稍后重试', e);
        return false;
      }
    }
    // One row spoils the statement: write them one by one so only that row is lost.
    for (let i = 0; i < b.rows.length; i++) {
      if (!(await this.write({ table: b.table, rows: [b.rows[i]] }, keep))) {
        if (keep) this.keep({ table: b.table, rows: b.rows.slice(i + 1) });
        return false;
      }
    }
    return true;
  }

  private drop(b: Batch, e: unknown): true {
    this.lost += b.rows.length;
    this.report(`${b.table}: ${b.rows.length} 条日志无法写入, 已丢弃 (共 ${this.lost} 条)`, e);
    return true;
  }

  private keep(b: Batch): void {
    if (!b.rows.length) return;
    this.pending.push(b);
    this.pendingRows += b.rows.length;
    if (this.pendingRows <= this.opts.maxPending) return;
    if (this.opts.spool) {
      this.spooled += this.opts.spool.write(this.pending);
      this.pending = [];
      this.pendingRows = 0;
      return;
    }
    while (this.pendingRows > this.opts.maxPending) {
      const old = this.pending.shift() as Batch;
      this.pendingRows -= old.rows.length;
      this.drop(old, new Error('日志队列已满'));
    }
  }

  private afterAttempt(up: boolean) {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (up) {
      if (this.failures) this.report(`日志写入已恢复 (${this.failures} 次重试)`);
      this.failures = 0;
      return;
    }
    const wait = Math.min(this.opts.maxBackoffMs, this.opts.intervalMs * 2 ** Math.min(this.failures, 16));
    this.failures++;
    this.retryTimer = setTimeout(() => void this.flush(), wait).unref();
  }

  /**
   * One statement for the whole batch with a single parameter: the rows as a JSON array, turned
   * into the table's row type by the database (`json_populate_recordset`), so every column gets its
   * own type without a list of them here, and the statement text is the same for every batch of a
   * table (thousands of `$n` placeholders would make each batch size a new statement to parse).
   * A batch tried again after a lost answer may have been written already: its ids are skipped.
   */
  private async insert(table: string, rows: LogRow[]) {
    const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => `"${c}"`).join(', ');
    this.statements++;
    await this.db.query(
      `insert into "${table}" (${cols}) select ${cols} from json_populate_recordset(null::"${table}", $1::json) on conflict do nothing`,
      [JSON.stringify(rows)],
    );
  }
}
