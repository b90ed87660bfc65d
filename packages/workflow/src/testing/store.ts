// Applies a command's changes to stored rows, as the server's write statement does, and checks
// the result against the snapshot the command returned: the changes must be exactly enough.
import type { Changes, InstanceSnapshot, JobRow, RowChanges, ScopeRow, TaskRow, TokenRow } from '../types.ts';

export interface StoredInstance {
  instance: InstanceSnapshot['instance'];
  variables: InstanceSnapshot['variables'];
  tasks: Map<string, TaskRow>;
  tokens: Map<string, TokenRow>;
  scopes: Map<string, ScopeRow>;
  jobs: Map<string, JobRow>;
}

export function emptyStored(instance: InstanceSnapshot['instance']): StoredInstance {
  return { instance, variables: {}, tasks: new Map(), tokens: new Map(), scopes: new Map(), jobs: new Map() };
}

function applyRows<T extends { id: string }>(kind: string, rows: Map<string, T>, changes: RowChanges<T> | undefined): void {
  for (const id of changes?.deleted ?? []) {
    if (!rows.delete(id)) throw new Error(`${kind} ${id} deleted but not stored`);
  }
  for (const row of changes?.updated ?? []) {
    if (!rows.has(row.id)) throw new Error(`${kind} ${row.id} updated but not stored`);
    rows.set(row.id, row);
  }
  for (const row of changes?.inserted ?? []) {
    if (rows.has(row.id)) throw new Error(`${kind} ${row.id} inserted twice`);
    rows.set(row.id, row);
  }
}

/** Applies changes in place; throws on an insert of an existing row or a change to a missing one. */
export function applyChanges(stored: StoredInstance, changes: Changes): void {
  if (changes.instance) stored.instance = changes.instance;
  if (changes.variables) stored.variables = { ...stored.variables, ...changes.variables };
  for (const closed of changes.tasks?.closed ?? []) {
    if (!stored.tasks.delete(closed.id)) throw new Error(`task ${closed.id} closed but not stored as open`);
  }
  applyRows('task', stored.tasks, { inserted: changes.tasks?.inserted, updated: changes.tasks?.updated });
  applyRows('token', stored.tokens, changes.tokens);
  applyRows('scope', stored.scopes, changes.scopes);
  applyRows('job', stored.jobs, changes.jobs);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameRows<T extends { id: string }>(kind: string, stored: Map<string, T>, rows: T[]): string | null {
  if (stored.size !== rows.length) return `${kind}: stored ${stored.size} rows, snapshot has ${rows.length}`;
  for (const row of rows) if (!same(stored.get(row.id), row)) return `${kind} ${row.id} differs`;
  return null;
}

/** Null when the stored rows equal the snapshot, otherwise what differs. */
export function compareWithSnapshot(stored: StoredInstance, snapshot: InstanceSnapshot): string | null {
  if (!same(stored.instance, snapshot.instance)) return 'instance row differs';
  const keys = new Set([...Object.keys(stored.variables), ...Object.keys(snapshot.variables)]);
  for (const k of keys) if (!same(stored.variables[k], snapshot.variables[k])) return `variable ${k} differs`;
  return (
    sameRows('task', stored.tasks, snapshot.tasks) ??
    sameRows('token', stored.tokens, snapshot.tokens) ??
    sameRows('scope', stored.scopes, snapshot.scopes) ??
    sameRows('job', stored.jobs, snapshot.jobs)
  );
}

export function toSnapshot(stored: StoredInstance): InstanceSnapshot {
  return {
    instance: stored.instance,
    variables: stored.variables,
    tasks: [...stored.tasks.values()],
    tokens: [...stored.tokens.values()],
    scopes: [...stored.scopes.values()],
    jobs: [...stored.jobs.values()],
  };
}
