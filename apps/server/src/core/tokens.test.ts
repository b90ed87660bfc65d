import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type AccessClaims, signAccessToken, signAccessTokenSync, verifyAccessToken, verifyAccessTokenSync, verifyJws } from './tokens.ts';

const key = new TextEncoder().encode('a-test-signing-key-of-more-than-32-characters');
const otherKey = new TextEncoder().encode('another-signing-key-of-more-than-32-characters');

const claims: AccessClaims = {
  token_type: 'access_token',
  tenant_id: '100001',
  user_id: '1123598821738675201',
  dept_id: '1',
  post_id: '',
  role_id: '2',
  role_name: 'admin',
  account: 'admin',
  user_name: '管理员',
  nick_name: '管理员',
  real_name: '管理员',
  client_id: 'saber',
  detail: { type: 'web' },
  sid: 's-1',
};

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token with any header and payload, signed with HMAC-SHA256 over what is given. */
const forge = (header: unknown, payload: unknown, k: Uint8Array = key) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', k).update(input).digest('base64url')}`;
};
const now = Math.floor(Date.now() / 1000);
const body = (extra: Record<string, unknown> = {}) => ({
  ...claims,
  iss: 'issuser',
  aud: 'audience',
  iat: now,
  nbf: now,
  exp: now + 600,
  ...extra,
});

describe('access tokens', () => {
  it('verifies what it signs and returns the claims', async () => {
    const token = await signAccessToken(key, claims, 600);
    expect(await verifyAccessToken(key, token)).toEqual({
      userId: claims.user_id,
      tenantId: '100001',
      sessionId: 's-1',
      account: 'admin',
      userName: '管理员',
      clientId: 'saber',
    });
  });

  it('stays compatible with standard JWT libraries both ways', async () => {
    const ours = signAccessTokenSync(key, claims, 600);
    const { payload, protectedHeader } = await jwtVerify(ours, key, { issuer: 'issuser', audience: 'audience', algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload.sid).toBe('s-1');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);

    const theirs = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('issuser')
      .setAudience('audience')
      .setNotBefore('0s')
      .setIssuedAt()
      .setExpirationTime('600s')
      .sign(key);
    expect(verifyAccessTokenSync(key, theirs)?.sessionId).toBe('s-1');
  });

  it('refuses a tampered signature or payload, and another key', () => {
    const token = signAccessTokenSync(key, claims, 600);
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
    expect(verifyAccessTokenSync(key, `${h}.${p}.${flipped}`)).toBeNull();
    expect(verifyAccessTokenSync(key, `${h}.${p}.${s.slice(0, -4)}`)).toBeNull();
    expect(verifyAccessTokenSync(key, `${h}.${p}.`)).toBeNull();
    expect(verifyAccessTokenSync(key, `${h}.${b64({ ...body(), user_id: '1' })}.${s}`)).toBeNull();
    expect(verifyAccessTokenSync(otherKey, token)).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'HS256', typ: 'JWT' }, body(), otherKey))).toBeNull();
  });

  it('refuses every algorithm but HS256, none included', async () => {
    expect(verifyAccessTokenSync(key, forge({ alg: 'HS256', typ: 'JWT' }, body()))).not.toBeNull();
    expect(verifyAccessTokenSync(key, `${b64({ alg: 'none', typ: 'JWT' })}.${b64(body())}.`)).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'none', typ: 'JWT' }, body()))).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'hs256' }, body()))).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ typ: 'JWT' }, body()))).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'RS256', typ: 'JWT' }, body()))).toBeNull();
    const hs512 = await new SignJWT(body()).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(key);
    expect(verifyAccessTokenSync(key, hs512)).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'HS256', crit: ['b64'], b64: false }, body()))).toBeNull();
  });

  it('requires exp and refuses an expired or not-yet-valid token', () => {
    const { exp: _exp, ...noExp } = body();
    expect(verifyAccessTokenSync(key, forge({ alg: 'HS256', typ: 'JWT' }, noExp))).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'HS256', typ: 'JWT' }, body({ exp: String(now + 600) })))).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'HS256', typ: 'JWT' }, body({ exp: now - 1 })))).toBeNull();
    expect(verifyAccessTokenSync(key, forge({ alg: 'HS256', typ: 'JWT' }, body({ nbf: now + 3600 })))).toBeNull();
    const token = signAccessTokenSync(key, claims, 60, 1_000_000_000_000);
    expect(verifyAccessTokenSync(key, token, 1_000_000_059_000)).not.toBeNull();
    expect(verifyAccessTokenSync(key, token, 1_000_000_060_000)).toBeNull();
  });

  it('checks issuer, audience, token type and the claims it returns', () => {
    const h = { alg: 'HS256', typ: 'JWT' };
    expect(verifyAccessTokenSync(key, forge(h, body({ iss: 'someone' })))).toBeNull();
    expect(verifyAccessTokenSync(key, forge(h, body({ aud: 'other' })))).toBeNull();
    expect(verifyAccessTokenSync(key, forge(h, body({ aud: ['other', 'audience'] })))).not.toBeNull();
    expect(verifyAccessTokenSync(key, forge(h, body({ token_type: 'refresh_token' })))).toBeNull();
    expect(verifyAccessTokenSync(key, forge(h, body({ sid: 7 })))).toBeNull();
  });

  it('refuses what is not a compact token at all', () => {
    for (const junk of ['', 'a', 'a.b', 'a.b.c.d', '..', '%%.%%.%%', `${b64([1])}.${b64([2])}.x`, 'x'.repeat(9000)]) {
      expect(verifyJws(key, junk)).toBeNull();
    }
    expect(verifyJws(key, forge({ alg: 'HS256' }, 'a string'))).toBeNull();
  });
});
