import { user } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { normalSerial } from '../../modules/auth/x509.ts';

const U = sqlOf(user);

/** A binding names an account of the tenant (its certificate by serial number or subject, the definition requires one); the serial is kept in one spelling. */
export const certBindingHooks: ResourceHooks = {
  async beforeWrite({ db, existing, tenantId }, values) {
    const account = String(values.account ?? existing?.account ?? '').trim();
    const [found] = await db.query<{ id: string }>(
      `select ${U.c.id}::text as id from ${U.table} where ${U.live('$1')} and ${U.c.account} = $2`,
      [tenantId, account],
    );
    if (!found) throw badRequest('账号不存在');
    values.userId = found.id;
    const serial = String(values.serialNumber ?? existing?.serialNumber ?? '').trim();
    if (values.serialNumber !== undefined) values.serialNumber = serial ? normalSerial(serial) : null;
    for (const k of ['issuer', 'subject'] as const) if (typeof values[k] === 'string') values[k] = (values[k] as string).trim();
  },
};
