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
 * The plain text of an SM2 ciphertext in cipher mode 0 (C1C2C3, as the clients send it), or null
 * when the text is not one or does not decrypt with this install's key.
 */
export async function sm2Decrypt(db: Db, text: string): Promise<string | null> {
  if (!CIPHER.test(text) || text.length > 4096) return null;
  const { privateKey } = await sm2Pair(db);
  try {
    const plain = sm2.doDecrypt(text.replace(/^04/, ''), privateKey, 0);
    return plain ? plain : null;
  } catch {
    return null;
  }
}
