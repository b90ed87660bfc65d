import type { ColumnSpec, TableSpec } from './table-spec.ts';

// Approval rows that are not resources: suspensions (挂起 / 补正) of an application with the
// working days they paused, the handling tabs saved per task, and the audit of every full (unmasked) view of an application.

const col = (name: string, type: string, o: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type, ...o });
const id = col('id', 'bigint', { primaryKey: true, notNull: true });
const tenant = col('tenant_id', 'varchar(12)', { notNull: true });

export const approveTables: TableSpec[] = [
  {
    name: 'biz_apply_suspension',
    columns: [
      id,
      tenant,
      col('apply_id', 'bigint', { notNull: true }),
      col('task_id', 'bigint'),
      // supplement (补正), suspend (挂起) or auto (the step suspends itself, e.g. 公示)
      col('kind', 'varchar(16)', { notNull: true }),
      col('reason', 'varchar(1000)'),
      col('requested_by', 'varchar(64)', { notNull: true }),
      col('start_time', 'timestamptz', { notNull: true }),
      col('end_time', 'timestamptz'),
      col('paused_days', 'integer'),
      col('resumed_by', 'varchar(64)'),
      // When the step's suspension limit resumes it by itself (null: only by hand).
      col('planned_end', 'timestamptz'),
      // A request on a step with suspension audit: pending, then approved or rejected (null: not audited).
      col('audit_status', 'varchar(16)'),
      col('audited_by', 'varchar(64)'),
      col('audit_time', 'timestamptz'),
      col('audit_reason', 'varchar(1000)'),
      // When the step's suspension warning (timeLimitSuspendWaring) is due, and when it was sent (once).
      col('warn_at', 'timestamptz'),
      col('warned_at', 'timestamptz'),
    ],
    indexes: [
      { name: 'biz_apply_suspension_apply_ix', columns: ['apply_id', 'start_time'] },
      // the requests awaiting audit, which the auditors' list reads (few at any time)
      { name: 'biz_apply_suspension_pending_ix', columns: ['tenant_id'], where: "audit_status = 'pending'" },
    ],
  },
  {
    // A handling tab saved at a task (基本信息, 申请材料 …): submit waits for the step's required tabs.
    name: 'biz_apply_page_save',
    columns: [
      id,
      tenant,
      col('apply_id', 'bigint', { notNull: true }),
      col('task_id', 'bigint', { notNull: true }),
      col('page_id', 'varchar(19)', { notNull: true }),
      col('user_id', 'varchar(64)', { notNull: true }),
      col('save_time', 'timestamptz', { notNull: true }),
    ],
    indexes: [{ name: 'biz_apply_page_save_ux', columns: ['task_id', 'page_id'], unique: true }],
  },
  {
    name: 'biz_apply_view_log',
    columns: [
      id,
      tenant,
      col('apply_id', 'bigint', { notNull: true }),
      col('user_id', 'varchar(64)', { notNull: true }),
      col('user_name', 'varchar(64)'),
      col('view_time', 'timestamptz', { notNull: true }),
      col('what', 'varchar(255)', { notNull: true }),
    ],
    indexes: [{ name: 'biz_apply_view_log_apply_ix', columns: ['tenant_id', 'apply_id', 'view_time'] }],
  },
];
