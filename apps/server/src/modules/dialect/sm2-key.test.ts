import { sm2 } from 'sm-crypto';
import { describe, expect, it } from 'vitest';
import { decryptSm2 } from './sm2-key.ts';

const { publicKey, privateKey } = sm2.generateKeyPairHex();
const encrypt = (plain: string) => sm2.doEncrypt(plain, publicKey, 0);

// A bare ciphertext that begins with `04` (its C1 x coordinate does, about one time in 256),
// made once with sm-crypto for the key beside it: searching for one at test time takes seconds.
const KEY_04 = '49b370ba4fb53d72d8ac111f513e4a6691ffa4993a973a2a78c02b7a9e871bb5';
const CIPHER_04 =
  '048704e63b97726e6f519fc3722f0f19629445b3f7a2cc9faa3ce725d8a7c4f4a539a053c7eb06b272b45580f7a5fee4dc51' +
  '0e934f2e34f8673dda8b5f51d71cd8d720ac50abb841bcdb6ca4ffba5d6cb651e14c82d97044771563b0cffa73fd5f3f733b698c911f3b70535813';

describe('decryptSm2', () => {
  it('reads the bare ciphertext and the one with the point prefix', () => {
    const c = encrypt('Saber-pass1');
    expect(decryptSm2(c, privateKey)).toBe('Saber-pass1');
    expect(decryptSm2(`04${c}`, privateKey)).toBe('Saber-pass1');
  });

  it('reads a bare ciphertext that itself begins with 04, with and without the prefix', () => {
    expect(decryptSm2(CIPHER_04, KEY_04)).toBe('密码-Saber1');
    expect(decryptSm2(`04${CIPHER_04}`, KEY_04)).toBe('密码-Saber1');
  });

  it('answers null for text that is not a ciphertext of this key', () => {
    expect(decryptSm2('Saber-pass1', privateKey)).toBeNull();
    expect(decryptSm2('04'.padEnd(300, '0'), privateKey)).toBeNull();
    expect(decryptSm2(sm2.doEncrypt('x', sm2.generateKeyPairHex().publicKey, 0), privateKey)).toBeNull();
    const c = encrypt('Saber-pass1');
    expect(decryptSm2(`${c.slice(0, -2)}${c.endsWith('00') ? '01' : '00'}`, privateKey)).toBeNull();
  });
});
