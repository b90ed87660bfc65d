import { registry } from '@civdesk/resources';
import { specialTables } from './special.ts';
import { type TableSpec, tableOf } from './table-spec.ts';

/** The whole schema: one table per registered resource plus the hand-written special tables. */
export function allTables(): TableSpec[] {
  return [...registry.map(tableOf), ...specialTables];
}

export * from './ddl.ts';
export * from './special.ts';
export * from './table-spec.ts';
