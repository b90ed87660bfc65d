import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '000000');
  await t.app.ready();
});
afterAll(() => t?.close());

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
