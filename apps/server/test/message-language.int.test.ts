import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The server answers in the caller's language (Accept-Language), Chinese by default; the
// password rules a form states come from the caller's tenant.
let t: TestApp;
let basic: string;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  basic = await t.basic();
  admin = await t.as('admin', '100001');
});
afterAll(() => t?.close());

const wrongSignIn = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: { grant_type: 'password', username: 'caseworker', password: md5hex('not-this'), scope: 'all' },
    headers: { authorization: basic, 'tenant-id': '100001', ...headers },
    remoteAddress: '10.77.0.1',
  });

describe('messages in the caller language', () => {
  it('a refused sign-in says why in Chinese by default and in English when asked', async () => {
    const zh = (await wrongSignIn({})).json();
    expect(zh.error_description).toBe('用户名或密码错误');
    const en = (await wrongSignIn({ 'accept-language': 'en-US,en;q=0.9' })).json();
    expect(en.error_description).toBe('Wrong account or password');
  });

  it('a wrong current password and a success message follow the language', async () => {
    const body = { oldPassword: md5hex('wrong-one'), newPassword: 'Another-pass1', newPassword1: 'Another-pass1' };
    const en = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: body,
      headers: { 'accept-language': 'en' },
    });
    expect([en.status, en.body.msg]).toEqual([400, 'The current password is wrong']);
    const zh = await t.call(admin, { method: 'POST', url: '/api/blade-user/update-password', payload: body });
    expect(zh.body.msg).toBe('原密码不正确!');
  });

  it('states the password rules of the caller tenant', async () => {
    const rules = await t.call(admin, { method: 'GET', url: '/api/blade-user/password-rules' });
    expect(rules.status).toBe(200);
    expect(Object.keys(rules.body.data).sort()).toEqual([
      'historyCount',
      'minLength',
      'needDigit',
      'needLower',
      'needSpecial',
      'needUpper',
    ]);
    expect(rules.body.data.minLength).toBeGreaterThanOrEqual(6);
    expect((await t.call(null, { method: 'GET', url: '/api/blade-user/password-rules' })).status).toBe(401);
  });
});
