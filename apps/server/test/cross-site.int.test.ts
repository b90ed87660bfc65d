import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { allowedOrigins: ['https://partner.example'] } });
  admin = await t.as('admin', '100001');
});
afterAll(() => t?.close());

const postsNamed = async (name: string) =>
  (await t.db.query('select 1 from blade_post where post_name = $1 and is_deleted = 0', [name])).length;
const post = (name: string) => ({ category: 1, postCode: `cs${name.length}${Date.now() % 100000}`, postName: name, sort: 1 });

describe('the token', () => {
  it('comes from Blade-Auth only: neither the cookie nor the query parameter signs a call in', async () => {
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/blade-user/info', cookies: { 'saber-access-token': admin.token } });
    expect(viaCookie.statusCode).toBe(401);
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/blade-user/info?blade-auth=bearer%20${admin.token}` });
    expect(viaQuery.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      cookies: { 'saber-access-token': admin.token },
      payload: post('经由Cookie'),
    });
    expect(write.statusCode).toBe(401);
    expect(await postsNamed('经由Cookie')).toBe(0);
  });

  it('may come from the query string or the cookie on a file opened by link (GET only)', async () => {
    const q = await t.app.inject({ method: 'GET', url: `/api/blade-system/post/export-template?blade-auth=${admin.token}` });
    expect(q.statusCode).toBe(200);
    const c = await t.app.inject({ method: 'GET', url: '/api/blade-system/post/export', cookies: { 'saber-access-token': admin.token } });
    expect(c.statusCode).toBe(200);
  });
});

describe('state-changing calls', () => {
  it('refuse a form-encoded or text body on a JSON endpoint with 415 and change nothing', async () => {
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'category=1&postCode=form1&postName=表单岗位&sort=1'],
      ['text/plain', '{"category":1,"postCode":"text1","postName":"表单岗位","sort":1}'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="postName"\r\n\r\n表单岗位\r\n--x--\r\n'],
    ]) {
      const res = await t.call(admin, { method: 'POST', url: '/api/blade-system/post/submit', payload, headers: { 'content-type': type } });
      expect({ type, status: res.status }).toEqual({ type, status: 415 });
      expect(res.body.success).toBe(false);
    }
    expect(await postsNamed('表单岗位')).toBe(0);
  });

  it('keep the forms the API declares: the OAuth token endpoint and the assistant', async () => {
    const ask = await t.call(admin, {
      method: 'POST',
      url: '/api/dw-widgets/assistant/ask',
      payload: 'query=reset my password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ask.status).toBe(200);
  });

  it('refuse a cross-site Origin or Sec-Fetch-Site with 403; the own origin and configured ones pass', async () => {
    const send = (headers: Record<string, string>, name: string) =>
      t.call(admin, { method: 'POST', url: '/api/blade-system/post/submit', payload: post(name), headers });
    expect((await send({ origin: 'https://evil.example' }, '跨站甲')).status).toBe(403);
    expect((await send({ origin: 'null' }, '跨站乙')).status).toBe(403);
    expect((await send({ 'sec-fetch-site': 'cross-site' }, '跨站丙')).status).toBe(403);
    expect(await postsNamed('跨站甲')).toBe(0);
    expect((await send({ origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' }, '同源岗位')).status).toBe(
      200,
    );
    expect((await send({ origin: 'https://partner.example', 'sec-fetch-site': 'cross-site' }, '伙伴岗位')).status).toBe(200);
    expect((await send({}, '无来源岗位')).status).toBe(200);
  });
});
