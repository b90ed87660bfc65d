import type { Db } from '@civdesk/db';
import { sm2 } from 'sm-crypto';

// The open SpringBlade clients (4.1 and later) encrypt the password with an SM2 public key built
// into the client (`auth.publicKey`). Each install has its own pair, made once and kept in the
// database beside the token key, so every server copy decrypts alike.

type Pair = { publicKey: string; privateKey: string };
const pairs = new WeakMap<Db, Promise<Pair>>();

async function loadPair(db: Db): Promise<Pair> {
  const made = sm2.generateKeyPairHex();
  await db.query("insert into blade_secret (name, value) values ('sm2', $1) on conflict (name) do nothing", [
    JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }),
  ]);
  const [row] = await db.query<{ value: string }>("select value from blade_secret where name = 'sm2'");
  return JSON.parse(row.value) as Pair;
}

/** The install's SM2 pair (made on first use). */
export function sm2Pair(db: Db): Promise<Pair> {
  let p = pairs.get(db);
  if (!p) {
    p = loadPair(db);
    p.catch(() => pairs.delete(db));
    pairs.set(db, p);
  }
  return p;
}

/** The public key as the clients take it: uncompressed point in hex (starting `04`). */
export const sm2PublicKey = async (db: Db) => (await sm2Pair(db)).publicKey;

/** C1 (64 bytes) + C3 (32) + at least one byte, in hex, without the `04` prefix: shorter is not an SM2 ciphertext. */
const CIPHER = /^(04)?[0-9a-fA-F]{194,}$/;

/**
 * The plain text of an SM2 ciphertext in cipher mode 0 (C1C2C3), or null when it does not
 * decrypt with this key. Clients send C1 with or without the point's `04` prefix; the bare form
 * can itself begin with `04` (its x coordinate does, one time in 256), so the text is tried as
 * given first and without a leading `04` second. Only the right reading passes the C3 digest.
 */
export function decryptSm2(text: string, privateKey: string): string | null {
  if (!CIPHER.test(text) || text.length > 4096) return null;
  const readings = text.startsWith('04') ? [text, text.slice(2)] : [text];
  for (const reading of readings) {
    try {
      const plain = sm2.doDecrypt(reading, privateKey, 0);
      if (plain) return plain;
    } catch {
      // not a point on the curve under this reading: try the next
    }
  }
  return null;
}

/** `decryptSm2` with this install's key. */
export async function sm2Decrypt(db: Db, text: string): Promise<string | null> {
  if (!CIPHER.test(text) || text.length > 4096) return null;
  return decryptSm2(text, (await sm2Pair(db)).privateKey);
}
