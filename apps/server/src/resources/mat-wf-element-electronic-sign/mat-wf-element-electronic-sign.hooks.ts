import { isIdText } from '@civdesk/meta';
import { matWfElement, matWfElementButton } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';

const EB = sqlOf(matWfElementButton);
const E = sqlOf(matWfElement);

const merged = (values: Record<string, unknown>, existing: Record<string, unknown> | null, key: string) =>
  values[key] !== undefined ? values[key] : existing?.[key];

const refuse = (field: string, message: string) => badRequest(message, { errors: [{ field, message }] });

export const matWfElementElectronicSignHooks: ResourceHooks = {
  /**
   * The step is a live step of the tenant (checked here, not as a reference: steps of several
   * versions share their labels, so the field stays an id the step panel fills); the signature
   * count stays within its maximum; the signing buttons are buttons of the same step.
   */
  async beforeWrite({ db, tenantId, existing }, values) {
    const step = String(merged(values, existing, 'elementId') ?? '');
    const found = isIdText(step)
      ? await db.query(`select 1 from ${E.table} where ${E.live('$1')} and ${E.c.id} = $2`, [tenantId, step])
      : [];
    if (!found.length) throw refuse('elementId', '环节不存在或已被删除');
    const n = merged(values, existing, 'signNumber');
    const max = merged(values, existing, 'signNumberMax');
    if (n !== null && n !== undefined && max !== null && max !== undefined && Number(n) > Number(max))
      throw refuse('signNumber', '签章次数不能大于最大签章次数');
    const buttons = String(merged(values, existing, 'associatedButtonId') ?? '')
      .split(',')
      .filter(Boolean);
    if (!buttons.length) return;
    const elementId = String(merged(values, existing, 'elementId') ?? '');
    const [{ n: same }] = await db.query<{ n: number }>(
      `select count(*)::int as n from ${EB.table} where ${EB.live('$1')} and ${EB.c.id} = any($2::bigint[]) and ${EB.c.elementId} = $3`,
      [tenantId, [...new Set(buttons)], elementId],
    );
    if (same !== new Set(buttons).size) throw refuse('associatedButtonId', '关联按钮必须是本环节的按钮');
  },
};
