// @civdesk/workflow: a BPMN interpreter with no I/O. Compile a definition once, then run commands
// on an instance's rows; each command returns the new rows and the minimal changes to store.
export { type AddSignInput, addSign, type CompleteInput, completeTask } from './commands/complete.ts';
export { type DeadlineShift, shiftDeadlines } from './commands/deadlines.ts';
export { type RecallInput, type ReturnInput, recall, returnTargets, returnTo } from './commands/jump.ts';
export { checkMigration, type MigrateInput, type MigrationProblem, migrate, type NodeMapping } from './commands/migrate.ts';
export { childCompleted, fireTimer, terminate } from './commands/misc.ts';
export { type StartInput, start } from './commands/start.ts';
export { CommandError, type CommandErrorCode, ExpressionError, ModelError } from './errors.ts';
export {
  compileExpression,
  type Expression,
  type ExpressionFunctions,
  evaluateCondition,
  type Lookup,
  lookupOf,
  MISSING,
} from './expr/index.ts';
export { NS } from './model/attrs.ts';
export { type CompiledDefinitions, type CompileOptions, compileDefinitions, type ModelWarning } from './model/compile.ts';
export type { Flow, GraphNode, NodeType, ProcessGraph } from './model/graph.ts';
export * from './types.ts';
