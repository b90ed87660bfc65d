import { createHash, createHmac } from 'node:crypto';
import type { Queryable } from '@civdesk/db';

// One-time secrets (phone codes, SSO tickets) live in the captcha table under a key derived from
// what they are for, with only a keyed hash of the secret itself: a copy of the database gives
// neither a code nor a ticket. The row's expiry is the secret's; taking it is one `delete … returning`,
// so two concurrent uses find one row between them.

/** A table key for a purpose and subject: `prefix:` + a hash of the subject (keys are at most 64 characters). */
export const oneTimeKey = (prefix: string, subject: string) =>
  `${prefix}:${createHash('sha256').update(subject).digest('base64url')}`.slice(0, 64);

/** The keyed hash kept instead of the secret (16 characters fit the table's code column). */
const digest = (key: Uint8Array, rowKey: string, secret: string) =>
  createHmac('sha256', key).update(`${rowKey}\n${secret}`).digest('base64url').slice(0, 16);

/** Stores (or replaces) the secret of a key for `seconds`, purging expired rows on the way. */
export async function putOneTime(q: Queryable, key: Uint8Array, rowKey: string, secret: string, seconds: number): Promise<void> {
  await q.query(
    `with gone as (delete from blade_captcha where expire_time < now())
     insert into blade_captcha (captcha_key, code, expire_time) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (captcha_key) do update set code = excluded.code, expire_time = excluded.expire_time`,
    [rowKey, digest(key, rowKey, secret), seconds],
  );
}

/** Takes the secret if it is the live one of the key: true once, however many callers race for it. */
export async function takeOneTime(q: Queryable, key: Uint8Array, rowKey: string, secret: string): Promise<boolean> {
  if (!secret || secret.length > 512) return false;
  const rows = await q.query('delete from blade_captcha where captcha_key = $1 and code = $2 and expire_time >= now() returning 1', [
    rowKey,
    digest(key, rowKey, secret),
  ]);
  return rows.length === 1;
}

/** Forgets the secret of a key (too many wrong tries). */
export async function dropOneTime(q: Queryable, rowKey: string): Promise<void> {
  await q.query('delete from blade_captcha where captcha_key = $1', [rowKey]);
}
