import { isValidPattern } from '@civdesk/meta';
import { matIntFormDetail } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks, WriteContext } from '../../crud/hooks.ts';
import { registerFormDetailRoutes } from './mat-int-form-detail.routes.ts';

const details = sqlOf(matIntFormDetail, 'd');

const refuse = (field: string, message: string) => badRequest(message, { errors: [{ field, message }] });

/**
 * One field row as the single-row form saves it: a pattern must compile, and a row's parent is a
 * top-level row of the same form (sections hold fields, two levels at most). The published
 * schema files a field under its parent when the parent is a group.
 */
async function beforeWrite(ctx: WriteContext, v: Record<string, unknown>) {
  const merged = { ...(ctx.existing ?? {}), ...v };
  if (typeof v.pattern === 'string' && !isValidPattern(v.pattern)) throw refuse('pattern', '校验正则不是有效的正则表达式');
  const parentId = String(merged.parentId ?? '0');
  if (parentId === '0') return;
  if (merged.fieldType === 'group') throw refuse('parentId', '分组不能放在其他分组内');
  const [parent] = await ctx.db.query<{ formId: string; parentId: string }>(
    `select ${details.c.formId}::text as "formId", ${details.c.parentId}::text as "parentId" from ${details.table} where ${details.live('$1')} and d."id" = $2`,
    [ctx.tenantId, parentId],
  );
  if (parent && (parent.formId !== String(merged.formId) || parent.parentId !== '0')) {
    throw refuse('parentId', '所属分组必须是同一表单的顶层分组');
  }
}

export const matIntFormDetailHooks: ResourceHooks = { beforeWrite, routes: registerFormDetailRoutes };
