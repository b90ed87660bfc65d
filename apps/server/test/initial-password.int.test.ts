import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5hex } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('initial password', () => {
  it('refuses every call but change-password, info and logout until the password is changed', async () => {
    const id = await t.addUser('100001', 'fresh-init', 'Init-pass1', { roleAlias: 'admin' });
    await t.db.query('update blade_user set init_password = 1 where id = $1', [id]);
    const u = await t.as('fresh-init', '100001');
    for (const url of ['/api/blade-system/post/page', '/api/blade-system/menu/routes', '/api/blade-system/dict/dictionary?code=sex']) {
      const res = await t.call(u, { method: 'GET', url });
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toBe('当前密码为初始密码，请先修改密码');
    }
    expect((await t.call(u, { method: 'POST', url: '/api/blade-system/post/submit', payload: { postName: 'x' } })).status).toBe(403);
    expect((await t.call(u, { method: 'GET', url: '/api/blade-user/info' })).status).toBe(200);
    const changed = await t.call(u, {
      method: 'POST',
      url: `/api/blade-user/update-password?oldPassword=${md5hex('Init-pass1')}&newPassword=${md5hex('Next-pass1')}&newPassword1=${md5hex('Next-pass1')}`,
    });
    expect(changed.status).toBe(200);
    const after = { ...u, token: changed.body.data.access_token };
    expect((await t.call(after, { method: 'GET', url: '/api/blade-system/post/page' })).status).toBe(200);
  });

  it('holds a session whose password an administrator resets', async () => {
    const id = await t.addUser('100001', 'reset-init', 'Mine-pass1', { roleAlias: 'admin' });
    const admin = await t.as('admin', '100001');
    expect((await t.call(admin, { method: 'POST', url: `/api/blade-user/reset-password?userIds=${id}` })).status).toBe(200);
    const u = await t.as('reset-init', '100001');
    expect((await t.call(u, { method: 'GET', url: '/api/blade-system/post/page' })).status).toBe(403);
    expect((await t.call(u, { method: 'GET', url: '/api/blade-auth/oauth/logout' })).status).toBe(200);
  });
});
