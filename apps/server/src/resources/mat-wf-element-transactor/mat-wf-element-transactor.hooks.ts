import type { Queryable } from '@civdesk/db';
import { dept, relativeRoles, role, user } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { workflowOf } from '../../modules/workflow/runtime.ts';
import { stepOf } from '../mat-wf-element/step.service.ts';
import { assertEditable } from '../mat-wf-version/version.service.ts';
import { transactorResolver } from './transactor-resolver.ts';

const D = sqlOf(dept);
const R = sqlOf(role);
const U = sqlOf(user);

/** True when the tenant has the row a transactor names: a department, a role (id or alias) or a user. */
async function exists(q: Queryable, tenantId: string, type: number, info: string): Promise<boolean> {
  if (type === 4) return relativeRoles.some((r) => r.value === info);
  const digits = /^\d{1,19}$/.test(info);
  if (type === 2) {
    const found = await q.query(`select 1 from ${R.table} where ${R.live('$1')} and (${R.c.roleAlias} = $2 or ${R.c.id}::text = $2)`, [
      tenantId,
      info,
    ]);
    return found.length > 0;
  }
  if (!digits) return false;
  const T = type === 1 ? D : U;
  return (await q.query(`select 1 from ${T.table} where ${T.live('$1')} and ${T.c.id}::text = $2`, [tenantId, info])).length > 0;
}

const MISSING: Record<number, string> = { 1: '机构不存在', 2: '角色不存在', 3: '用户不存在', 4: '相对角色不存在' };

/**
 * A step's transactors: what each names must exist in the tenant, and a version instances use is
 * not changed. The transactor resolver (who a matter's task goes to) is put in front of the
 * runtime's own when the routes are registered.
 */
export const matWfElementTransactorHooks: ResourceHooks = {
  async beforeWrite({ db, existing, tenantId }, values) {
    const elementId = String(values.elementId ?? existing?.elementId);
    const { step } = await stepOf(db, tenantId, elementId);
    await assertEditable(db, tenantId, step.versionId);
    if (existing && String(existing.elementId) !== elementId)
      await assertEditable(db, tenantId, (await stepOf(db, tenantId, String(existing.elementId))).step.versionId);
    const type = Number(values.transactorType ?? existing?.transactorType);
    const info = String(values.transactorInfo ?? existing?.transactorInfo);
    if (!(await exists(db, tenantId, type, info))) {
      throw badRequest(MISSING[type] ?? '办理人不存在', {
        errors: [{ field: 'transactorInfo', message: MISSING[type] ?? '办理人不存在' }],
      });
    }
  },
  routes(_app, _r, ctx) {
    const rt = workflowOf(ctx);
    if (!rt.resolvers.includes(transactorResolver)) rt.resolvers.unshift(transactorResolver);
  },
};
