import { matWfElementButton } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';

const EB = sqlOf(matWfElementButton);

const merged = (values: Record<string, unknown>, existing: Record<string, unknown> | null, key: string) =>
  values[key] !== undefined ? values[key] : existing?.[key];

const refuse = (field: string, message: string) => badRequest(message, { errors: [{ field, message }] });

export const matWfElementElectronicSignHooks: ResourceHooks = {
  /** The signature count stays within its maximum; the signing buttons are buttons of the same step. */
  async beforeWrite({ db, tenantId, existing }, values) {
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
