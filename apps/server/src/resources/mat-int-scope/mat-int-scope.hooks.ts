import { isIdText } from '@civdesk/meta';
import { matIntForm } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks, WriteContext } from '../../crud/hooks.ts';

const forms = sqlOf(matIntForm);

/** A form's scope names a live form of the row's own tenant (a matter's is checked by its room's definition once merged). */
async function beforeWrite(ctx: WriteContext, v: Record<string, unknown>) {
  const merged = { ...(ctx.existing ?? {}), ...v };
  if (Number(merged.scopeType) !== 1) return;
  const target = String(merged.targetId ?? '');
  const found = isIdText(target)
    ? await ctx.db.query(`select 1 from ${forms.table} where ${forms.live('$1')} and "id" = $2`, [ctx.tenantId, target])
    : [];
  if (!found.length) throw badRequest('表单不存在或已被删除', { errors: [{ field: 'targetId', message: '表单不存在或已被删除' }] });
}

export const matIntScopeHooks: ResourceHooks = { beforeWrite };
