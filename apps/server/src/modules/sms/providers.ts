import type { Queryable } from '@civdesk/db';
import { newId } from '../../crud/ids.ts';
import type { Scope } from '../../crud/scope.ts';

export type SmsConfig = { smsCode: string; category: number; templateId: string; signName: string | null };
export type SmsOutcome = { ok: boolean; result: string };

/** A provider sends one templated message to several phones. */
export type SmsProvider = (cfg: SmsConfig, phones: string[], params: Record<string, string>) => Promise<SmsOutcome>;

/** The built-in provider: nothing leaves the server; the record below is the message. */
const recordOnly: SmsProvider = async () => ({ ok: true, result: '已记录(本地)' });

/**
 * Providers by category. Only the local recorder ships: commercial gateways need credentials and
 * network access an installation adds here (one function each), never a change elsewhere.
 */
export const smsProviders: Record<number, SmsProvider | undefined> = { 0: recordOnly };

export async function sendSms(
  db: Queryable,
  s: Scope,
  cfg: SmsConfig,
  phones: string[],
  params: Record<string, string>,
): Promise<SmsOutcome> {
  const provider = smsProviders[cfg.category];
  const outcome = provider ? await provider(cfg, phones, params) : { ok: false, result: '该短信服务商未接入' };
  await db.query(
    `insert into blade_sms_record (id, tenant_id, sms_code, category, phones, params, result, create_user, create_dept, update_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8)`,
    [
      newId(),
      s.caller.tenantId,
      cfg.smsCode,
      cfg.category,
      phones.join(','),
      JSON.stringify(params),
      outcome.result,
      s.caller.userId,
      s.caller.deptId,
    ],
  );
  return outcome;
}
