import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@civdesk/db';

/** Keys nobody should sign with: placeholders from samples and documentation. */
const knownDefaults = new Set(['secret', 'changeme', 'change-me', 'jwt-secret', 'civdesk', 'bladex', 'default', 'password', 'test']);

/** The server must not start: its message says why and what to do. */
export class UnfitKeyError extends Error {}

/** Why a signing key is unfit, or null. At least 32 characters, not a placeholder, not one repeated pattern. */
export function weakKeyReason(key: string): string | null {
  if (!key) return 'it is empty';
  if (knownDefaults.has(key.toLowerCase())) return 'it is a well-known default';
  if (key.length < 32) return 'it is shorter than 32 characters';
  if (new Set(key).size < 8) return 'it has fewer than 8 distinct characters';
  return null;
}

/**
 * The signing key: `JWT_SECRET`, else generated once per install and kept in the database (every
 * server copy agrees, nothing sits in the repository). Production refuses an empty, default or
 * short key; elsewhere it is only a warning.
 */
export async function loadSigningKey(db: Db, opts: { fromEnv?: string; production?: boolean } = {}): Promise<Uint8Array> {
  let key = opts.fromEnv;
  if (!key) {
    await db.query("insert into blade_secret (name, value) values ('jwt', $1) on conflict (name) do nothing", [
      randomBytes(48).toString('base64'),
    ]);
    const [row] = await db.query<{ value: string }>("select value from blade_secret where name = 'jwt'");
    key = row?.value ?? '';
  }
  const weak = weakKeyReason(key);
  if (weak) {
    const msg = `the token signing key is unfit: ${weak} (set JWT_SECRET to a random value of 32+ characters, or leave it unset to use the per-install key)`;
    if (opts.production) throw new UnfitKeyError(msg);
    console.warn(`warning: ${msg}`);
  }
  return new TextEncoder().encode(key);
}

/** Claim names of the BladeX family, plus `sid`: the session the token belongs to. */
export type AccessClaims = {
  token_type: 'access_token';
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  role_name: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  client_id: string;
  detail: Record<string, unknown>;
  sid: string;
};

const ISSUER = 'issuser';
const AUDIENCE = 'audience';
/** Seconds of clock difference between server copies tolerated for `nbf` and `iat`. */
const CLOCK_SKEW = 5;

// Tokens are plain JWS compact HS256 (RFC 7515/7519), made and checked with node:crypto on the
// event loop: an HMAC of a few hundred bytes takes microseconds, while the WebCrypto path of a JOSE
// library imports the key and hands the HMAC to libuv's thread pool on every request, where it
// waits behind password hashes during a burst of sign-ins.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const hmac = (key: Uint8Array, data: string) => createHmac('sha256', key).update(data).digest();

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, seconds: number): Promise<string> {
  return signAccessTokenSync(key, claims, seconds);
}

/** The same token as `signAccessToken`, without the promise (issuer, audience, nbf, iat, exp set). */
export function signAccessTokenSync(key: Uint8Array, claims: AccessClaims, seconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = { ...claims, iss: ISSUER, aud: AUDIENCE, nbf: iat, iat, exp: iat + seconds };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${hmac(key, input).toString('base64url')}`;
}

/** What a verified access token says; the session check then decides whether it still counts. */
export type TokenClaims = { userId: string; tenantId: string; sessionId: string; account: string; userName: string; clientId: string };

const B64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | null {
  if (!B64URL.test(part)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The payload of a token whose signature, algorithm and lifetime hold, or null. The algorithm is
 * fixed: the header must say HS256 (`none` and every other one is refused, whatever the key), the
 * signature is compared in constant time, and `exp` is required.
 */
export function verifyJws(key: Uint8Array, token: string, now = Date.now()): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 8192) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJson(h) ?? {};
  if (header.alg !== 'HS256' || header.crit !== undefined) return null;
  if (header.typ !== undefined && header.typ !== 'JWT') return null;
  if (!B64URL.test(s)) return null;
  const given = Buffer.from(s, 'base64url');
  const expected = hmac(key, `${h}.${p}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodeJson(p);
  if (!payload) return null;
  const t = Math.floor(now / 1000);
  if (!isTime(payload.exp) || t >= payload.exp) return null;
  if (payload.nbf !== undefined && (!isTime(payload.nbf) || payload.nbf > t + CLOCK_SKEW)) return null;
  if (payload.iat !== undefined && !isTime(payload.iat)) return null;
  return payload;
}

/** Verifies signature (HS256 only), issuer, audience and lifetime; anything else is not a token. */
export function verifyAccessTokenSync(key: Uint8Array, token: string, now = Date.now()): TokenClaims | null {
  const p = verifyJws(key, token, now);
  if (!p) return null;
  if (p.iss !== ISSUER) return null;
  if (!(p.aud === AUDIENCE || (Array.isArray(p.aud) && p.aud.includes(AUDIENCE)))) return null;
  if (p.token_type !== 'access_token') return null;
  if (typeof p.user_id !== 'string' || typeof p.tenant_id !== 'string' || typeof p.sid !== 'string') return null;
  return {
    userId: p.user_id,
    tenantId: p.tenant_id,
    sessionId: p.sid,
    account: String(p.account ?? ''),
    userName: String(p.user_name ?? ''),
    clientId: String(p.client_id ?? ''),
  };
}

/** `verifyAccessTokenSync` behind the promise its callers await. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<TokenClaims | null> {
  return verifyAccessTokenSync(key, token);
}
