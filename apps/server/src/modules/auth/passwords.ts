import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// The client sends md5 hex of the password (as BladeX clients do); we store argon2id of that.
// OWASP minimum parameters; @node-rs/argon2 hashes on the libuv pool, off the event loop.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

export const md5hex = (plain: string) => createHash('md5').update(plain).digest('hex');

export function hashPassword(md5: string): Promise<string> {
  return hash(md5.toLowerCase(), options);
}

/** Legacy BladeX rows store sha1(md5hex); they verify once and are then upgraded by the caller. */
export const isLegacyHash = (stored: string) => /^[0-9a-f]{40}$/.test(stored);

export async function verifyPassword(stored: string | null, md5: string): Promise<boolean> {
  if (!stored) return false;
  const given = md5.toLowerCase();
  if (isLegacyHash(stored)) return createHash('sha1').update(given).digest('hex') === stored;
  try {
    return await verify(stored, given);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both answers take the same time. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword(md5hex('not-a-real-password')));
