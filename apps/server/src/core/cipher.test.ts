import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, isEncrypted } from './cipher.ts';

describe('secrets at rest', () => {
  it('round-trips, never stores the plain text and differs every time', () => {
    const key = randomBytes(32);
    const a = encrypt(key, 'p@ss 密码');
    const b = encrypt(key, 'p@ss 密码');
    expect(isEncrypted(a)).toBe(true);
    expect(a).not.toContain('p@ss');
    expect(a).not.toBe(b);
    expect(decrypt(key, a)).toBe('p@ss 密码');
  });

  it('refuses a tampered value or the wrong key', () => {
    const key = randomBytes(32);
    const v = encrypt(key, 'secret');
    const tampered = `${v.slice(0, -4)}AAAA`;
    expect(() => decrypt(key, tampered)).toThrow();
    expect(() => decrypt(randomBytes(32), v)).toThrow();
  });
});
