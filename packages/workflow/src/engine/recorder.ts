// Row changes of one kind within a step, collapsed: a row inserted then deleted in the same step
// leaves no trace, an inserted row updated stays an insert.
import type { RowChanges } from '../types.ts';

export class Recorder<T extends { id: string }> {
  readonly inserted = new Map<string, T>();
  readonly updated = new Map<string, T>();
  readonly deleted = new Set<string>();
  insert(row: T): void {
    this.inserted.set(row.id, row);
  }
  update(row: T): void {
    if (this.inserted.has(row.id)) this.inserted.set(row.id, row);
    else this.updated.set(row.id, row);
  }
  /** Returns false when the row was inserted by this same step (nothing to store). */
  delete(id: string): boolean {
    if (this.inserted.delete(id)) return false;
    this.updated.delete(id);
    this.deleted.add(id);
    return true;
  }
  changes(): RowChanges<T> | undefined {
    const out: RowChanges<T> = {};
    if (this.inserted.size) out.inserted = [...this.inserted.values()];
    if (this.updated.size) out.updated = [...this.updated.values()];
    if (this.deleted.size) out.deleted = [...this.deleted];
    return out.inserted || out.updated || out.deleted ? out : undefined;
  }
}
