import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { LogRow } from './log-writer.ts';

export type Batch = { table: string; rows: LogRow[] };

/**
 * Log rows the database could not take while the memory queue was full, or when the server
 * stopped during an outage: one JSON line per batch in files of the data folder, read back (and
 * removed) once the database takes rows again — by this server copy or the next start.
 */
export class LogSpool {
  constructor(private dir: string) {}

  write(batches: Batch[]): number {
    if (!batches.length) return 0;
    mkdirSync(this.dir, { recursive: true });
    const file = join(this.dir, `logs-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.jsonl`);
    appendFileSync(file, batches.map((b) => `${JSON.stringify(b)}\n`).join(''));
    return batches.reduce((n, b) => n + b.rows.length, 0);
  }

  /** The files waiting, oldest first. */
  files(): string[] {
    try {
      return readdirSync(this.dir)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((f) => join(this.dir, f));
    } catch {
      return [];
    }
  }

  /** The batches of one file (a line cut short by a crash is skipped). */
  read(file: string): Batch[] {
    const out: Batch[] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const b = JSON.parse(line) as Batch;
        if (typeof b.table === 'string' && Array.isArray(b.rows)) out.push(b);
      } catch {}
    }
    return out;
  }

  remove(file: string): void {
    rmSync(file, { force: true });
  }
}
