import type { Queryable } from '@civdesk/db';
import { smsRecord } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { insert } from '../../crud/repository.ts';

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
  await insert(db, smsRecord, s, {
    smsCode: cfg.smsCode,
    category: cfg.category,
    phones: phones.join(','),
    params: JSON.stringify(params),
    result: outcome.result,
  });
  return outcome;
}
