import { registry } from '@civdesk/resources';
import { specialTables } from './special.ts';
import { type TableSpec, tableOf } from './table-spec.ts';
import { workflowTables } from './workflow.ts';

/** The whole schema: one table per registered resource plus the hand-written special tables. */
export function allTables(): TableSpec[] {
  return [...registry.map(tableOf), ...specialTables, ...workflowTables];
}

export * from './ddl.ts';
export * from './special.ts';
export * from './table-spec.ts';
export * from './workflow.ts';
