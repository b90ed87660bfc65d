import { registry } from '@civdesk/resources';
import { approveTables } from './approve.ts';
import { approveSignTables } from './approve-sign.ts';
import { specialTables } from './special.ts';
import { type TableSpec, tableOf } from './table-spec.ts';
import { workflowTables } from './workflow.ts';

/** The whole schema: one table per registered resource plus the hand-written special tables. */
export function allTables(): TableSpec[] {
  return [...registry.map(tableOf), ...specialTables, ...workflowTables, ...approveSignTables, ...approveTables];
}

export * from './approve.ts';
export * from './approve-sign.ts';
export * from './ddl.ts';
export * from './special.ts';
export * from './table-spec.ts';
export * from './workflow.ts';
