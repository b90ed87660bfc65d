import { isIdText } from '@civdesk/meta';
import { matIntElement, matIntForm } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks, WriteContext } from '../../crud/hooks.ts';

// scopeType 1 names a form, 2 a matter item: the target must be a live row of that kind in the row's tenant.
const targets = {
  1: { sql: sqlOf(matIntForm), message: '表单不存在或已被删除' },
  2: { sql: sqlOf(matIntElement), message: '事项不存在或已被删除' },
} as const;

async function beforeWrite(ctx: WriteContext, v: Record<string, unknown>) {
  const merged = { ...(ctx.existing ?? {}), ...v };
  const target = targets[Number(merged.scopeType) as 1 | 2];
  if (!target) return;
  const id = String(merged.targetId ?? '');
  const found = isIdText(id)
    ? await ctx.db.query(`select 1 from ${target.sql.table} where ${target.sql.live('$1')} and "id" = $2`, [ctx.tenantId, id])
    : [];
  if (!found.length) throw badRequest(target.message, { errors: [{ field: 'targetId', message: target.message }] });
}

export const matIntScopeHooks: ResourceHooks = { beforeWrite };
