import { encrypt, secretKey } from '../core/cipher.ts';
import type { ResourceHooks } from './hooks.ts';

/** A beforeWrite that encrypts the given password-type fields with the install's key (never stored plain). */
export function secretOnWrite(fields: string[], keyName = 'settings'): NonNullable<ResourceHooks['beforeWrite']> {
  return async ({ db }, values) => {
    for (const f of fields) {
      if (typeof values[f] === 'string' && values[f]) values[f] = encrypt(await secretKey(db, keyName), values[f] as string);
    }
  };
}
