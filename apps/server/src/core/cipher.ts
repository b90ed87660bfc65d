import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '@civdesk/db';

// Secrets stored for later use (data-source passwords) are encrypted with AES-256-GCM under a key
// generated per install and kept in blade_secret, never in the repository or the row itself.

export async function secretKey(db: Queryable, name: string): Promise<Buffer> {
  await db.query('insert into blade_secret (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from blade_secret where name = $1', [name]);
  return Buffer.from(row.value, 'base64');
}

const PREFIX = 'v1:';

export function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return PREFIX + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
}

export const isEncrypted = (v: string) => v.startsWith(PREFIX);

export function decrypt(key: Buffer, stored: string): string {
  if (!isEncrypted(stored)) throw new Error('not an encrypted value');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}
