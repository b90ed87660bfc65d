import type { Queryable } from '@civdesk/db';
import { sms, smsRecord } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';

const S = sqlOf(sms);

/** A tenant's SMS setting: the one named by `code`, else the enabled one (status 2); null when none. */
export async function smsConfigOf(db: Queryable, tenantId: string, code?: string): Promise<SmsConfig | null> {
  const c = S.c;
  const [cfg] = await db.query<SmsConfig>(
    `select ${c.smsCode} as "smsCode", ${c.category} as category, ${c.templateId} as "templateId", ${c.signName} as "signName" from ${S.table}
      where ${S.live('$1')} and ${code ? `${c.smsCode} = $2` : `${c.status} = 2`} limit 1`,
    code ? [tenantId, code] : [tenantId],
  );
  return cfg ?? null;
}

export type SmsConfig = { smsCode: string; category: number; templateId: string; signName: string | null };
export type SmsOutcome = { ok: boolean; result: string };

/** A provider sends one templated message to several phones. */
export type SmsProvider = (cfg: SmsConfig, phones: string[], params: Record<string, string>) => Promise<SmsOutcome>;

/** The built-in provider: nothing leaves the server; the record below is the message. */
const recordOnly: SmsProvider = async () => ({ ok: true, result: '已记录（本地）' });

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
  /** What the send record keeps instead of `params` (a one-time code is not kept). */
  recorded: Record<string, string> = params,
): Promise<SmsOutcome> {
  const provider = smsProviders[cfg.category];
  const outcome = provider ? await provider(cfg, phones, params) : { ok: false, result: '该短信服务商未接入' };
  await insert(db, smsRecord, s, {
    smsCode: cfg.smsCode,
    category: cfg.category,
    phones: phones.join(','),
    params: JSON.stringify(recorded),
    result: outcome.result,
  });
  return outcome;
}
