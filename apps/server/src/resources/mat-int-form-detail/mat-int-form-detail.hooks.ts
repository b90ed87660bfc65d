import { isValidPattern } from '@civdesk/meta';
import { matIntFormDetail } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks, WriteContext } from '../../crud/hooks.ts';
import { registerFormDetailRoutes } from './mat-int-form-detail.routes.ts';

const details = sqlOf(matIntFormDetail, 'd');

const refuse = (field: string, message: string) => badRequest(message, { errors: [{ field, message }] });

/**
 * One field row as the designer and the single-row form save it: a pattern must compile, groups sit
 * at the top, and a field's parent is a group of the same form.
 */
async function beforeWrite(ctx: WriteContext, v: Record<string, unknown>) {
  const merged = { ...(ctx.existing ?? {}), ...v };
  if (typeof v.pattern === 'string' && !isValidPattern(v.pattern)) throw refuse('pattern', '校验正则不是有效的正则表达式');
  const parentId = String(merged.parentId ?? '0');
  if (parentId === '0') return;
  if (merged.fieldType === 'group') throw refuse('parentId', '分组不能放在其他分组内');
  const [parent] = await ctx.db.query<{ formId: string; fieldType: string }>(
    `select ${details.c.formId}::text as "formId", ${details.c.fieldType} as "fieldType" from ${details.table} where ${details.live('$1')} and d."id" = $2`,
    [ctx.tenantId, parentId],
  );
  if (parent?.fieldType !== 'group' || parent.formId !== String(merged.formId)) {
    throw refuse('parentId', '所属分组必须是同一表单的分组');
  }
}

export const matIntFormDetailHooks: ResourceHooks = { beforeWrite, routes: registerFormDetailRoutes };
