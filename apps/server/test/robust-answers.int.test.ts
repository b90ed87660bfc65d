import type { Db } from '@civdesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;
let real: Db;
/** While set, every statement fails the way node-postgres fails when the server cannot be reached. */
let down = false;

/** The database with a switch at the driver boundary: statements fail as on a refused connection. */
function switchable(db: Db): Db {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const up = () => (down ? Promise.reject(refused()) : Promise.resolve());
  return {
    ...db,
    query: async <T>(sql: string, params?: unknown[]) => up().then(() => db.query<T>(sql, params)),
    exec: async (sql) => up().then(() => db.exec(sql)),
    tx: async (fn) => up().then(() => db.tx(fn)),
    close: () => db.close(),
  };
}

beforeAll(async () => {
  real = await openTestDb();
  t = await buildTestApp({ db: switchable(real) });
  admin = await t.as('admin', '000000');
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
  await real?.close();
});

/** Every documented operation that takes a multipart upload. */
function multipartRoutes(): { method: string; url: string }[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
  const out: { method: string; url: string }[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      if (op.requestBody?.content?.['multipart/form-data']) out.push({ method: method.toUpperCase(), url: path });
  return out;
}

const boundary = '----civdesk-cut';
const head = (name: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const bodies: Record<string, string | Buffer> = {
  'cut inside the file': Buffer.concat([Buffer.from(head('a.xlsx')), Buffer.from('PK\u0003\u0004 partial')]),
  'cut inside the part headers': `--${boundary}\r\nContent-Disposition: form-da`,
  'no closing boundary': `${head('a.png')}\u0089PNG\r\n`,
  garbage: 'not a multipart body at all',
};

describe('multipart uploads', () => {
  it('include put-file, put-file-attach, user import and post import', () => {
    const urls = multipartRoutes().map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/blade-resource/oss/endpoint/put-file',
        '/api/blade-resource/oss/endpoint/put-file-attach',
        '/api/blade-system/post/import',
        '/api/blade-user/import',
      ]),
    );
  });

  it('answer a truncated or malformed body with 400, never 500', async () => {
    const routes = multipartRoutes();
    for (const r of routes)
      for (const [what, payload] of Object.entries(bodies)) {
        const res = await t.call(admin, {
          method: r.method as 'POST',
          url: r.url,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect({ url: r.url, what, status: res.status }).toEqual({ url: r.url, what, status: 400 });
        expect(res.body.success).toBe(false);
      }
  });
});

describe('a database outage', () => {
  it('answers 503 with Retry-After and a message saying to try again shortly, then recovers', async () => {
    down = true;
    try {
      for (const url of ['/api/blade-system/post/page?current=1&size=10', '/api/civdesk/web-config']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'blade-auth': `bearer ${admin.token}` } });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 503 });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ code: 503, success: false, msg: '服务暂时不可用，请稍后重试' });
      }
      const write = await t.call(admin, {
        method: 'POST',
        url: '/api/blade-system/post/submit',
        payload: { category: 1, postCode: 'outage', postName: '停机', sort: 1 },
      });
      expect(write.status).toBe(503);
    } finally {
      down = false;
    }
    expect((await t.call(admin, { method: 'GET', url: '/api/blade-system/post/page?current=1&size=10' })).status).toBe(200);
  });
});
