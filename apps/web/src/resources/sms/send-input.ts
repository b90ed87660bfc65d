/**
 * The checks of a test message, in the browser, with the server's rules (sms.hooks.ts): phones of
 * 11 digits starting with 1, at most 100, comma-separated; params a JSON object. Errors are i18n
 * keys with their values, so the dialog says which phone is wrong before anything is sent.
 */
const PHONE = /^1\d{10}$/;
export const MAX_PHONES = 100;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string; vars?: Record<string, string> };

/** Commas between phones; a Chinese keyboard's full-width comma counts as one. */
export function checkPhones(text: string | undefined): Checked<string[]> {
  const phones = (text ?? '')
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!phones.length) return { ok: false, error: 'sys.sms.phonesRequired' };
  const bad = phones.find((p) => !PHONE.test(p));
  if (bad !== undefined) return { ok: false, error: 'sys.sms.phoneInvalid', vars: { phone: bad } };
  if (phones.length > MAX_PHONES) return { ok: false, error: 'sys.sms.phonesTooMany', vars: { max: String(MAX_PHONES) } };
  return { ok: true, value: phones };
}

/** Template parameters: empty is none; otherwise an object of texts or numbers (the server keeps them as text). */
export function checkParams(text: string | undefined): Checked<Record<string, string | number>> {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { ok: true, value: {} };
  let v: unknown;
  try {
    v = JSON.parse(trimmed);
  } catch {
    return { ok: false, error: 'sys.sms.paramsInvalid' };
  }
  const plain =
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');
  return plain ? { ok: true, value: v as Record<string, string | number> } : { ok: false, error: 'sys.sms.paramsInvalid' };
}
