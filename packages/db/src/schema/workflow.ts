import type { ColumnSpec, IndexSpec, TableSpec } from './table-spec.ts';

// The workflow runtime's tables. Every row carries its tenant. An instance's live rows (open tasks,
// tokens, scopes, jobs) are what the interpreter works on; one command locks the instance row and
// rewrites only what the step changed. Closed tasks stay in wf_task (the done list reads them);
// wf_history keeps every event of every instance.

const id: ColumnSpec = { name: 'id', type: 'bigint', primaryKey: true, notNull: true };
const tenant: ColumnSpec = { name: 'tenant_id', type: 'varchar(12)', notNull: true };
const instance: ColumnSpec = { name: 'instance_id', type: 'bigint', notNull: true };
const col = (name: string, type: string, o: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type, ...o });
const ix = (table: string, suffix: string, columns: string[], o: Partial<IndexSpec> = {}): IndexSpec => ({
  name: `${table}_${suffix}`,
  columns,
  ...o,
});

export const workflowTables: TableSpec[] = [
  {
    // A model being designed: its XML is saved and checked on every submit; deploying makes a definition.
    name: 'wf_model',
    columns: [
      id,
      tenant,
      col('model_key', 'varchar(64)', { notNull: true }),
      col('name', 'varchar(255)', { notNull: true }),
      col('description', 'varchar(1000)'),
      col('xml', 'text', { notNull: true }),
      col('version', 'integer', { notNull: true, default: '1' }),
      col('model_type', 'integer', { notNull: true, default: '0' }),
      col('create_user', 'bigint'),
      col('create_time', 'timestamptz', { notNull: true, default: 'now()' }),
      col('update_time', 'timestamptz', { notNull: true, default: 'now()' }),
      col('is_deleted', 'integer', { notNull: true, default: '0' }),
    ],
    indexes: [
      ix('wf_model', 'key_ux', ['tenant_id', 'model_key'], { unique: true, where: 'is_deleted = 0' }),
      ix('wf_model', 'list_ix', ['tenant_id', 'is_deleted', 'update_time', 'id']),
    ],
  },
  {
    // One deployed version of one process (the deployment and the process definition in one row).
    // The compiled graph is rebuilt from `xml` and kept per server copy.
    name: 'wf_definition',
    columns: [
      id,
      tenant,
      col('deployment_id', 'bigint', { notNull: true }),
      col('process_key', 'varchar(255)', { notNull: true }),
      col('name', 'varchar(255)'),
      col('category', 'varchar(64)'),
      col('version', 'integer', { notNull: true }),
      col('resource_name', 'varchar(255)'),
      col('xml', 'text', { notNull: true }),
      col('suspension_state', 'integer', { notNull: true, default: '1' }),
      col('deployed_by', 'bigint'),
      col('deploy_time', 'timestamptz', { notNull: true, default: 'now()' }),
    ],
    indexes: [
      ix('wf_definition', 'key_version_ux', ['tenant_id', 'process_key', 'version'], { unique: true }),
      ix('wf_definition', 'deployment_ix', ['deployment_id']),
      ix('wf_definition', 'list_ix', ['tenant_id', 'deploy_time', 'id']),
    ],
  },
  {
    name: 'wf_instance',
    columns: [
      id,
      tenant,
      col('definition_id', 'bigint', { notNull: true }),
      col('process_key', 'varchar(255)', { notNull: true }),
      // active | completed | terminated
      col('status', 'varchar(16)', { notNull: true }),
      col('suspended_at', 'timestamptz'),
      col('business_table', 'varchar(64)'),
      col('business_key', 'varchar(64)'),
      col('start_user', 'varchar(64)'),
      col('start_user_name', 'varchar(64)'),
      col('start_dept', 'bigint'),
      col('started_at', 'timestamptz', { notNull: true }),
      col('ended_at', 'timestamptz'),
      col('end_reason', 'varchar(500)'),
      col('vars', 'jsonb', { notNull: true, default: "'{}'" }),
      col('parent_instance_id', 'bigint'),
      col('parent_token_id', 'bigint'),
    ],
    indexes: [
      ix('wf_instance', 'starter_ix', ['tenant_id', 'start_user', 'started_at', 'id']),
      ix('wf_instance', 'list_ix', ['tenant_id', 'started_at', 'id']),
      ix('wf_instance', 'definition_ix', ['definition_id', 'status']),
      ix('wf_instance', 'parent_ix', ['parent_instance_id'], { where: 'parent_instance_id is not null' }),
    ],
  },
  {
    // Open tasks (status `open`) and closed ones (completed, cancelled, returned, recalled).
    name: 'wf_task',
    columns: [
      id,
      tenant,
      instance,
      col('node_id', 'varchar(255)', { notNull: true }),
      col('scope_id', 'bigint'),
      col('name', 'varchar(255)'),
      col('kind', 'varchar(16)', { notNull: true, default: "'task'" }),
      col('parent_task_id', 'bigint'),
      col('status', 'varchar(16)', { notNull: true, default: "'open'" }),
      col('assignee', 'varchar(64)'),
      // Delegation (委派): the owner gets the task back when the delegate resolves it.
      col('owner', 'varchar(64)'),
      col('candidates', 'jsonb', { notNull: true, default: "'[]'" }),
      col('form_key', 'varchar(255)'),
      col('due_at', 'timestamptz'),
      col('created_at', 'timestamptz', { notNull: true }),
      col('claim_time', 'timestamptz'),
      col('end_time', 'timestamptz'),
      col('completed_by', 'varchar(64)'),
      col('comment', 'varchar(2000)'),
      col('flag', 'varchar(16)'),
      col('loop_counter', 'integer'),
      col('local_vars', 'jsonb'),
      col('waiting', 'boolean', { notNull: true, default: 'false' }),
      col('sign_after', 'jsonb', { notNull: true, default: "'[]'" }),
    ],
    indexes: [
      ix('wf_task', 'instance_ix', ['instance_id', 'status']),
      // The todo lists: my open tasks (or the unclaimed ones) in creation order; the instance last so
      // that reaching each task's application reads the index alone.
      ix('wf_task', 'todo_ix', ['tenant_id', 'assignee', 'created_at', 'id', 'instance_id'], { where: "status = 'open'" }),
      // The done list: what I completed, newest first.
      ix('wf_task', 'done_ix', ['tenant_id', 'completed_by', 'end_time', 'id'], { where: 'completed_by is not null' }),
    ],
  },
  {
    // Who may claim an open unassigned task: user, role (id or alias), dept, relativeRole.
    name: 'wf_task_candidate',
    columns: [
      col('task_id', 'bigint', { notNull: true }),
      tenant,
      col('kind', 'varchar(16)', { notNull: true }),
      col('value', 'varchar(64)', { notNull: true }),
    ],
    indexes: [
      ix('wf_task_candidate', 'ux', ['task_id', 'kind', 'value'], { unique: true }),
      ix('wf_task_candidate', 'who_ix', ['tenant_id', 'kind', 'value', 'task_id']),
    ],
  },
  {
    name: 'wf_token',
    columns: [
      id,
      tenant,
      instance,
      col('node_id', 'varchar(255)', { notNull: true }),
      col('scope_id', 'bigint'),
      col('kind', 'varchar(16)', { notNull: true }),
      col('via_flow', 'varchar(255)'),
      col('created_at', 'timestamptz', { notNull: true }),
    ],
    indexes: [ix('wf_token', 'instance_ix', ['instance_id'])],
  },
  {
    name: 'wf_scope',
    columns: [
      id,
      tenant,
      instance,
      col('node_id', 'varchar(255)', { notNull: true }),
      col('parent_scope_id', 'bigint'),
      col('kind', 'varchar(16)', { notNull: true }),
      col('vars', 'jsonb', { notNull: true, default: "'{}'" }),
      col('items', 'jsonb'),
      col('created_at', 'timestamptz', { notNull: true }),
    ],
    indexes: [ix('wf_scope', 'instance_ix', ['instance_id'])],
  },
  {
    // Timers: taken by any server copy with FOR UPDATE SKIP LOCKED once due.
    name: 'wf_job',
    columns: [
      id,
      tenant,
      instance,
      col('kind', 'varchar(16)', { notNull: true }),
      col('node_id', 'varchar(255)', { notNull: true }),
      col('scope_id', 'bigint'),
      col('due_at', 'timestamptz', { notNull: true }),
      col('interrupting', 'boolean', { notNull: true, default: 'true' }),
      col('task_id', 'bigint'),
      col('token_id', 'bigint'),
      col('attached_scope_id', 'bigint'),
      col('round', 'integer', { notNull: true, default: '0' }),
      col('attempts', 'integer', { notNull: true, default: '0' }),
      col('last_error', 'varchar(1000)'),
    ],
    indexes: [ix('wf_job', 'due_ix', ['due_at']), ix('wf_job', 'instance_ix', ['instance_id'])],
  },
  {
    // Every event of every instance, in order (`seq` within the instance).
    name: 'wf_history',
    columns: [
      id,
      tenant,
      instance,
      col('seq', 'integer', { notNull: true }),
      col('type', 'varchar(16)', { notNull: true }),
      col('node_id', 'varchar(255)'),
      col('node_name', 'varchar(255)'),
      col('node_type', 'varchar(32)'),
      col('scope_id', 'bigint'),
      col('task_id', 'bigint'),
      col('flow_id', 'varchar(255)'),
      col('actor', 'varchar(64)'),
      col('opinion', 'varchar(2000)'),
      col('outcome', 'varchar(32)'),
      col('at', 'timestamptz', { notNull: true }),
      col('data', 'jsonb'),
    ],
    indexes: [ix('wf_history', 'instance_ix', ['instance_id', 'seq'])],
  },
  {
    // 抄送: a copy of a task's instance sent to a user, with its read state.
    name: 'wf_cc',
    columns: [
      id,
      tenant,
      instance,
      col('task_id', 'bigint'),
      col('user_id', 'varchar(64)', { notNull: true }),
      col('from_user', 'varchar(64)'),
      col('create_time', 'timestamptz', { notNull: true, default: 'now()' }),
      col('read_time', 'timestamptz'),
    ],
    indexes: [ix('wf_cc', 'user_ix', ['tenant_id', 'user_id', 'create_time', 'id'])],
  },
  {
    // A message to one user about new work (the bell reads it beside the tenant's notices).
    name: 'wf_notice',
    columns: [
      id,
      tenant,
      col('user_id', 'varchar(64)', { notNull: true }),
      col('title', 'varchar(255)', { notNull: true }),
      instance,
      col('task_id', 'bigint'),
      col('create_time', 'timestamptz', { notNull: true }),
      col('read_time', 'timestamptz'),
      // SMS for a step that asks for one: pending until the poller sends it, then sent, failed,
      // nophone (the user has none) or noconfig (the tenant has no enabled SMS setting); null: none.
      col('sms_state', 'varchar(16)'),
    ],
    indexes: [
      ix('wf_notice', 'user_ix', ['tenant_id', 'user_id', 'create_time', 'id']),
      // Only the notices the poller still has to send: most notices ask for no SMS, and a written
      // task should not pay for an index entry nobody looks up.
      ix('wf_notice', 'sms_pending_ix', ['id'], { where: "sms_state = 'pending'" }),
    ],
  },
  {
    // The leave-request example business (请假).
    name: 'wf_leave',
    columns: [
      id,
      tenant,
      col('process_definition_id', 'bigint', { notNull: true }),
      col('process_instance_id', 'bigint'),
      col('leave_type', 'varchar(32)'),
      col('start_time', 'timestamptz', { notNull: true }),
      col('end_time', 'timestamptz', { notNull: true }),
      col('days', 'integer', { notNull: true }),
      col('reason', 'varchar(1000)', { notNull: true }),
      col('task_user', 'varchar(64)'),
      col('apply_user', 'varchar(64)', { notNull: true }),
      col('apply_user_name', 'varchar(64)'),
      col('create_time', 'timestamptz', { notNull: true, default: 'now()' }),
    ],
    indexes: [ix('wf_leave', 'instance_ix', ['process_instance_id'])],
  },
];
