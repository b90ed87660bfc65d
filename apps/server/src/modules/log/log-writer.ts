import type { Db } from '@civdesk/db';
import { newId } from '../../crud/ids.ts';

type Value = string | number | null;
export type LogRow = Record<string, Value>;

/**
 * Log rows are buffered and written in batches (one insert statement per table every second, or
 * sooner when a batch fills), so logging never adds a statement to a request. Rows still
 * buffered are written when the server closes; a failed batch is reported, not retried forever.
 */
export class LogWriter {
  private buffers = new Map<string, LogRow[]>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  written = 0;
  /** Statements this writer sent (tests subtract them when counting a request's own statements). */
  statements = 0;

  constructor(
    private db: Db,
    private onError: (e: unknown) => void,
    private opts = { intervalMs: 1000, batch: 500 },
  ) {}

  add(table: string, row: LogRow): void {
    const rows = this.buffers.get(table) ?? [];
    rows.push({ id: newId(), ...row });
    this.buffers.set(table, rows);
    if (rows.length >= this.opts.batch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.intervalMs).unref();
  }

  /** Writes everything buffered so far; resolves when it is in the database. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batches = [...this.buffers.entries()];
    this.buffers.clear();
    this.flushing = this.flushing.then(async () => {
      for (const [table, rows] of batches) {
        for (let i = 0; i < rows.length; i += this.opts.batch) {
          const chunk = rows.slice(i, i + this.opts.batch);
          try {
            await this.insert(table, chunk);
            this.written += chunk.length;
          } catch (e) {
            this.onError(e);
          }
        }
      }
    });
    return this.flushing;
  }

  /**
   * One statement for the whole batch with a single parameter: the rows as a JSON array, turned
   * into the table's row type by the database (`json_populate_recordset`), so every column gets its
   * own type without a list of them here, and the statement text is the same for every batch of a
   * table (thousands of `$n` placeholders would make each batch size a new statement to parse).
   */
  private async insert(table: string, rows: LogRow[]) {
    const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].map((c) => `"${c}"`).join(', ');
    this.statements++;
    await this.db.query(`insert into "${table}" (${cols}) select ${cols} from json_populate_recordset(null::"${table}", $1::json)`, [
      JSON.stringify(rows),
    ]);
  }
}
