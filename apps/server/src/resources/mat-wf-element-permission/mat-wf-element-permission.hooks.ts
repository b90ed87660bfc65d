import { fieldErrors, permCode, toSubmitSchema } from '@civdesk/meta';
import { matWfElementPermission } from '@civdesk/resources';
import { z } from 'zod';
import { Obj, Rows } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { id, optionalId } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { listQuery } from '../../crud/list-query.ts';
import { insert, rows } from '../../crud/repository.ts';

const P = sqlOf(matWfElementPermission);

const StepQuery = z.object({ elementId: id, formId: optionalId });

/** The field rights of one step (of one of its forms), in order. */
async function rightsOfStep({ ctx, req, query }: Call<{ query: typeof StepQuery }>) {
  const filters: Record<string, string> = { elementId_equal: query.elementId };
  if (query.formId) filters.formId_equal = query.formId;
  const q = listQuery(matWfElementPermission, filters);
  return ok(await rows(ctx.db, matWfElementPermission, scopeOf(req), { ...q, size: 1000 }));
}

const BatchBody = z.object({
  elementId: id,
  formId: id,
  fields: z.array(z.record(z.string(), z.unknown()), { error: 'fields 应为字段权限列表' }).max(500, { error: '一次最多500个字段' }),
});

const rowSchema = toSubmitSchema(matWfElementPermission, 'create', 'zh');

/**
 * Replaces the rights of one step's form as a whole (what the step panel saves): every row is
 * checked by the definition's schema first, then the old rows go and the new ones are written in
 * one transaction.
 */
async function saveRights({ ctx, req, body }: Call<{ body: typeof BatchBody }>) {
  const s = scopeOf(req);
  const parsed = body.fields.map((f, i) => {
    const r = rowSchema.safeParse({ ...f, elementId: body.elementId, formId: body.formId, orderNum: f.orderNum ?? i + 1 });
    if (!r.success) {
      const [first] = fieldErrors(r.error);
      throw badRequest(`第${i + 1}行: ${first.message}`, { errors: [first] });
    }
    return r.data as Record<string, unknown>;
  });
  const names = parsed.map((p) => p.fieldName);
  if (new Set(names).size !== names.length) throw badRequest('字段重复: 每个字段只能设置一个权限');
  const saved = await ctx.db.tx(async (db) => {
    await db.query(
      `update ${P.table} set "is_deleted" = 1, "update_user" = $4, "update_time" = now()
        where ${P.live('$1')} and ${P.c.elementId} = $2 and ${P.c.formId} = $3`,
      [s.caller.tenantId, body.elementId, body.formId, s.caller.userId],
    );
    const out = [];
    for (const values of parsed) out.push(await insert(db, matWfElementPermission, s, values));
    return out;
  });
  return ok(saved, '保存成功');
}

export const matWfElementPermissionHooks: ResourceHooks = {
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    route.get(
      `${r.api}/cusList`,
      { auth: { perm: permCode(r, 'view') }, summary: '环节的字段权限', query: StepQuery, data: Rows },
      rightsOfStep,
    );
    route.post(
      `${r.api}/saveBatch`,
      { auth: { perm: [permCode(r, 'add'), permCode(r, 'edit')] }, summary: '保存环节的字段权限', body: BatchBody, data: z.array(Obj) },
      saveRights,
    );
  },
};
