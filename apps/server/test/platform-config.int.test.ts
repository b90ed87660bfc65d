import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let platform: TestUser;
let tenantAdmin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantAdmin = await t.as('admin', '100001');
  // No tenant role is seeded with these screens; one an administrator granted them (an older
  // install's) is refused all the same.
  await t.db.query(
    `insert into blade_role_menu (id, role_id, menu_id)
     select (random() * 9e18)::bigint, r.id, m.id from blade_role r, blade_menu m
      where r.tenant_id = '100001' and r.role_alias = 'admin' and m.is_deleted = 0
        and (m.code in ('param', 'client') or m.code like 'param\\_%' or m.code like 'client\\_%')`,
  );
});
afterAll(() => t?.close());

const CLIENT = '/api/blade-system/client';
const basicOf = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('platform configuration', () => {
  it('shows parameters and OAuth clients to the platform administrator only', async () => {
    for (const url of ['/api/blade-system/param/page', `${CLIENT}/page`, `${CLIENT}/list`]) {
      const res = await t.call(tenantAdmin, { method: 'GET', url });
      expect(res.status, url).toBe(403);
      expect(res.body.msg).toBe('平台配置仅平台管理员可以查看和修改');
      expect((await t.call(platform, { method: 'GET', url })).status, url).toBe(200);
    }
  });

  it('never answers a client secret, except once when it is reset', async () => {
    const created = await t.call(platform, {
      method: 'POST',
      url: `${CLIENT}/submit`,
      payload: {
        clientId: 'probe',
        clientSecret: 'typed-once',
        authorizedGrantTypes: 'password',
        scope: 'all',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      },
    });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain('typed-once');
    const id = created.body.data.id;
    const page = await t.call(platform, { method: 'GET', url: `${CLIENT}/page?size=100` });
    const detail = await t.call(platform, { method: 'GET', url: `${CLIENT}/detail?id=${id}` });
    for (const body of [page.body, detail.body]) {
      expect(JSON.stringify(body)).not.toMatch(/clientSecret|typed-once|saber_secret/);
    }
    expect((await t.call(tenantAdmin, { method: 'POST', url: `${CLIENT}/reset-secret?id=${id}` })).status).toBe(403);
    const reset = await t.call(platform, { method: 'POST', url: `${CLIENT}/reset-secret?id=${id}` });
    expect(reset.status).toBe(200);
    const secret = reset.body.data.clientSecret as string;
    expect(secret).toMatch(/^[\w-]{32}$/);
    // The old secret is refused, the new one names the client.
    const token = (authorization: string) =>
      t.call(null, {
        method: 'POST',
        url: '/api/blade-auth/oauth/token?tenantId=000000&username=nobody&password=x&grant_type=password&scope=all',
        headers: { authorization, 'tenant-id': '000000' },
      });
    expect((await token(basicOf('probe', 'typed-once'))).status).toBe(401);
    expect((await token(basicOf('probe', secret))).status).toBe(400);
    expect((await t.call(platform, { method: 'POST', url: `${CLIENT}/reset-secret?id=1` })).status).toBe(404);
  });
});
