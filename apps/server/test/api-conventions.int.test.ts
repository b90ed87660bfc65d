import { readableFields, writableFields } from '@civdesk/meta';
import { registry } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { countRows, sampleBody } from './helpers/samples.ts';
import { walksHere } from './helpers/walks.ts';

let t: TestApp;
let platform: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  // A route that fails the way a bug would, to see what the client gets.
  t.app.get('/api/test/boom', { config: { auth: 'public' } }, async () => {
    throw new Error('secret internal detail');
  });
  platform = await t.as('admin', '000000');
});
afterAll(() => t?.close());

const crud = registry.filter((r) => r.routes.includes('submit'));

describe('envelope and errors', () => {
  it('answers pages as {records, total, size, current, pages} with string ids and formatted dates', async () => {
    const res = await t.call(platform, { method: 'GET', url: '/api/blade-system/param/page?current=1&size=2' });
    expect(res.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(Object.keys(res.body.data).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    expect(res.body.data.records).toHaveLength(2);
    const row = res.body.data.records[0];
    expect(typeof row.id).toBe('string');
    expect(typeof row.createUser).toBe('string');
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row).not.toHaveProperty('isDeleted');
    expect(res.body.data.pages).toBe(Math.ceil(res.body.data.total / 2));
  });

  it('caps an unpaged list (size=-1) and says the size it used', async () => {
    const res = await t.call(platform, { method: 'GET', url: '/api/blade-system/region/page?size=-1' });
    expect(res.status).toBe(200);
    expect(res.body.data.size).toBe(-1);
    expect(res.body.data.records.length).toBe(1000);
    expect(res.body.data.total).toBeGreaterThan(1000);
  });

  it('filters by creation time with createTime_datege / createTime_datelt', async () => {
    const future = await t.call(platform, { method: 'GET', url: '/api/blade-system/param/page?createTime_datege=2999-01-01%2000:00:00' });
    expect(future.body.data.total).toBe(0);
    const past = await t.call(platform, { method: 'GET', url: '/api/blade-system/param/page?createTime_datelt=2999-01-01%2000:00:00' });
    expect(past.body.data.total).toBeGreaterThan(0);
  });

  it('answers an unexpected failure with a generic 500 and no detail', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/test/boom' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常，请联系管理员' });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('answers unknown calls, missing tokens, forged tokens and oversized bodies in the envelope', async () => {
    expect((await t.call(platform, { method: 'GET', url: '/api/blade-system/nothing/here' })).body).toMatchObject({
      code: 404,
      success: false,
    });
    expect((await t.call(null, { method: 'GET', url: '/api/blade-system/post/page' })).body).toMatchObject({
      code: 401,
      msg: '缺失令牌,鉴权失败',
    });
    const forged = { ...platform, token: `${platform.token.slice(0, -4)}AAAA` };
    expect((await t.call(forged, { method: 'GET', url: '/api/blade-system/post/page' })).body).toMatchObject({
      code: 401,
      msg: '令牌已失效',
    });
    const big = await t.call(platform, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramValue: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(413);
    const xml = await t.call(platform, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
  });

  it('publishes the OpenAPI document derived from the definitions, and a browsable page', async () => {
    const doc = await t.call(null, { method: 'GET', url: '/api/docs/json' });
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const r of crud) {
      expect(doc.body.paths, r.name).toHaveProperty(`${r.api}/submit`);
      const body = doc.body.paths[`${r.api}/submit`].post.requestBody.content['application/json'].schema;
      for (const [k] of writableFields(r)) expect(body.properties, `${r.name}.${k}`).toHaveProperty(k);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

// Nothing a user can type produces a 500: every field and filter of every resource, nasty values.
const nasty: unknown[] = [
  '',
  ' ',
  "'; drop table blade_user; --",
  '%_\\',
  '💥🚀',
  'x'.repeat(70_000),
  -1,
  1e308,
  9.5,
  null,
  [],
  {},
  [{}],
  true,
  '2024-13-45',
  '0x1F',
  '99999999999999999999999',
  '\u0000',
];

describe.skipIf(!walksHere).each(crud.map((r) => [r.name, r] as const))('%s never answers 500 to user input', (_n, r) => {
  it('in submit bodies, and changes nothing when it refuses', async () => {
    const body = await sampleBody(t, platform, r);
    const before = await countRows(t, r);
    let created = 0;
    for (const [key] of writableFields(r)) {
      // One field at a time, its hostile values side by side.
      const answers = await Promise.all(
        nasty.map((v) =>
          t
            .call(platform, { method: 'POST', url: `${r.api}/submit`, payload: { ...body, [key]: v } as object })
            .then((res) => ({ v, res })),
        ),
      );
      for (const { v, res } of answers) {
        expect(res.status, `${key}=${JSON.stringify(v)?.slice(0, 40)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status === 200) {
          created++;
          await t.call(platform, { method: 'POST', url: `${r.api}/remove?ids=${res.body.data.id}` });
        }
      }
    }
    // Accepted bodies were removed again (soft delete keeps the row), refused ones left nothing.
    expect(await countRows(t, r)).toBe(before + (r.softDelete ? created : 0));
  });

  it('in filters, sorts and ids', async () => {
    const typed = nasty.filter((x) => typeof x !== 'object').map((v) => String(v).slice(0, 2000));
    for (const [key] of readableFields(r)) {
      const urls = ['', '_equal', '_like', '_ge', '_datege', '_null'].flatMap((suffix) =>
        typed.map((v) => `${r.api}/page?${encodeURIComponent(key + suffix)}=${encodeURIComponent(v)}`),
      );
      const answers = await Promise.all(urls.map((url) => t.call(platform, { method: 'GET', url }).then((res) => ({ url, res }))));
      for (const { url, res } of answers)
        expect(res.status, `${url.slice(0, 120)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
    }
    for (const v of ['-1', '0', '99999999999999999999', 'a,b', '1,,2', '%00']) {
      expect((await t.call(platform, { method: 'GET', url: `${r.api}/detail?id=${encodeURIComponent(v)}` })).status).toBeLessThan(500);
      expect((await t.call(platform, { method: 'POST', url: `${r.api}/remove?ids=${encodeURIComponent(v)}` })).status).toBeLessThan(500);
      expect(
        (await t.call(platform, { method: 'GET', url: `${r.api}/page?current=${encodeURIComponent(v)}&size=${encodeURIComponent(v)}` }))
          .status,
      ).toBeLessThan(500);
    }
  });
});
