import { randomBytes } from 'node:crypto';
import type { Db } from '@civdesk/db';
import { jwtVerify, SignJWT } from 'jose';

/** Who is calling, as read from a verified access token. */
export type Caller = {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  deptId: string;
  deptIds: string[];
  roleIds: string[];
  roleAliases: string[];
  clientId: string;
};

export const PLATFORM_TENANT = '000000';

/** The signing key: generated once per install and kept in the database so every server copy agrees. */
export async function loadSigningKey(db: Db, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db.query("insert into blade_secret (name, value) values ('jwt', $1) on conflict (name) do nothing", [randomBytes(48).toString('base64')]);
  const [row] = await db.query<{ value: string }>("select value from blade_secret where name = 'jwt'");
  return new TextEncoder().encode(row.value);
}

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
};

const ISSUER = 'issuser';
const AUDIENCE = 'audience';

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, seconds: number): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setNotBefore('0s')
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(key);
}

/** Verifies signature, issuer, audience and lifetime; anything else is not a caller. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<Caller | null> {
  try {
    const { payload: p } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (p.token_type !== 'access_token' || typeof p.user_id !== 'string' || typeof p.tenant_id !== 'string') return null;
    const split = (v: unknown) => (typeof v === 'string' && v ? v.split(',') : []);
    const deptIds = split(p.dept_id);
    return {
      userId: p.user_id,
      tenantId: p.tenant_id,
      account: String(p.account ?? ''),
      userName: String(p.user_name ?? ''),
      deptId: deptIds[0] ?? '0',
      deptIds,
      roleIds: split(p.role_id),
      roleAliases: split(p.role_name),
      clientId: String(p.client_id ?? ''),
    };
  } catch {
    return null;
  }
}
