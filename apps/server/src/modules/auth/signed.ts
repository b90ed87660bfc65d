import { createHmac, timingSafeEqual } from 'node:crypto';

// Short-lived facts the server hands out and takes back (tickets, the state of an OpenID Connect
// round trip): `body.signature`, the body base64url JSON with its end `e` (epoch seconds), signed
// with the install's token key under a purpose, so one kind never passes for another.

const mac = (key: Uint8Array, purpose: string, body: string) => createHmac('sha256', key).update(`${purpose}\n${body}`).digest('base64url');

export function seal(key: Uint8Array, purpose: string, facts: Record<string, unknown> & { e: number }): string {
  const body = Buffer.from(JSON.stringify(facts)).toString('base64url');
  return `${body}.${mac(key, purpose, body)}`;
}

/** The facts of a sealed text if its signature is this server's for this purpose and it has not ended; else null. */
export function unseal<T extends { e: number }>(key: Uint8Array, purpose: string, text: string): T | null {
  const [body, sig, ...extra] = text.split('.');
  if (!body || !sig || extra.length || text.length > 2048) return null;
  const want = Buffer.from(mac(key, purpose, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const facts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    return typeof facts?.e === 'number' && facts.e >= Date.now() / 1000 ? facts : null;
  } catch {
    return null;
  }
}
