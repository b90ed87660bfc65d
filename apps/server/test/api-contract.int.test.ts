import Ajv from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; type?: string };
type Op = {
  method: 'GET' | 'POST';
  path: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

let t: TestApp;
let admin: TestUser;
let ops: Op[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '000000');
  const doc = (await t.call(null, { method: 'GET', url: '/api/docs/json' })).body as { paths: Record<string, Record<string, Op>> };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([m, op]) => ({ ...op, method: m.toUpperCase() as Op['method'], path })),
  );
});
afterAll(() => t?.close());

const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path) as Op;
const query = (op: Op, name: string) => op.parameters?.find((p) => p.in === 'query' && p.name === name);

describe('the OpenAPI document', () => {
  it('declares the envelope and the failures of every operation', () => {
    for (const op of ops) {
      const where = `${op.method} ${op.path}`;
      // a sign-in hop answers a 302 to the next page instead of a 200
      const success = op.responses['302'] ? '302' : '200';
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining([success, '400', '404', '429', '503']));
      if (success === '302') continue;
      // BladeX calls with their own answer shape (OAuth tokens, the captcha, clear-cache, logout)
      if (/\/oauth\/(token|captcha|clear-cache|logout)$/.test(op.path)) continue;
      const ok = op.responses['200'].content?.['application/json']?.schema;
      if (ok) expect(ok.required, where).toEqual(['code', 'success', 'data', 'msg']);
      if (op.security?.length !== 0) expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('marks public operations with security: [] and guarded ones not', () => {
    expect(find('POST', '/api/blade-auth/oauth/token').security).toEqual([]);
    expect(find('GET', '/api/civdesk/web-config').security).toEqual([]);
    expect(find('GET', '/api/blade-system/post/page').security).toBeUndefined();
  });

  it('bounds paging and marks what names a row as required', () => {
    const page = find('GET', '/api/blade-system/post/page');
    expect(query(page, 'current')?.schema.minimum).toBe(1);
    expect(JSON.stringify(query(page, 'size')?.schema)).toContain('"maximum":1000');
    expect(query(find('POST', '/api/blade-system/post/remove'), 'ids')?.required).toBe(true);
    expect(query(page, 'postName')?.schema.maxLength).toBeGreaterThan(0);
  });
});

describe('the API keeps to it', () => {
  it('refuses a filter value over its maxLength and a number for a text field with 400', async () => {
    const long = await t.call(admin, { method: 'GET', url: `/api/blade-system/post/page?postName=${'岗'.repeat(200)}` });
    expect(long.status).toBe(400);
    const num = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: { category: 1, postCode: 12345, postName: '数字编号', sort: 1 },
    });
    expect(num.status).toBe(400);
    expect((await t.db.query("select 1 from blade_post where post_name = '数字编号'")).length).toBe(0);
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/post/submit',
      headers: { 'blade-auth': `bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toMatchObject({ code: 405, success: false });
    expect((await t.call(admin, { method: 'GET', url: '/api/no/such/path' })).status).toBe(404);
    // A path with parameters too: a stored file is read with GET.
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/blade-resource/oss/endpoint/file/000000/20260101/x.png`,
      headers: { 'blade-auth': `bearer ${admin.token}` },
    });
    expect(file.statusCode).toBe(405);
    expect(file.headers.allow).toBe('GET');
  });
});

/** Calls that end the fuzzing user's session or change its sign-in. */
const skipped = /\/oauth\/(logout|token)|blade-auth\/logout|update-password|reset-password|\/put-file|\/import$|switch-choices/;

/** A value for a schema, usually fitting it, sometimes not (wrong type, too long, hostile text). */
function sampleOf(s: Schema | undefined): fc.Arbitrary<unknown> {
  const hostile = fc.constantFrom('', ' ', "'", '%', '\u0000', '😀'.repeat(300), '-1', '1e309', '<script>', '../..', '9'.repeat(40));
  const typed: fc.Arbitrary<unknown> =
    s?.type === 'integer'
      ? fc.integer({ min: typeof s.minimum === 'number' ? s.minimum : -5, max: typeof s.maximum === 'number' ? s.maximum : 100 })
      : s?.enum
        ? fc.constantFrom(...(s.enum as unknown[]))
        : fc.string({ maxLength: typeof s?.maxLength === 'number' ? s.maxLength : 20 });
  return fc.oneof({ arbitrary: typed, weight: 3 }, { arbitrary: hostile, weight: 1 }, { arbitrary: fc.integer(), weight: 1 });
}

function inputOf(props: Record<string, Schema> | undefined): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(props ?? {});
  if (!names.length) return fc.constant({});
  return fc.record(Object.fromEntries(names.map((n) => [n, sampleOf(props?.[n])])), { requiredKeys: [] });
}

describe('contract fuzz', () => {
  it('answers every documented operation with no 5xx and a body its document declares', async () => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    const targets = ops.filter((o) => !skipped.test(o.path) && !o.path.includes('{'));
    expect(targets.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const started = Date.now();
    let sent = 0;
    let covered = 0;
    // Every operation gets a few generated inputs (fixed seed: a failure reproduces), within a time budget.
    for (const [i, op] of targets.entries()) {
      if (Date.now() - started > 50_000) break;
      covered++;
      const q = Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]));
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const inputs = fc.sample(fc.tuple(inputOf(q), inputOf(bodySchema?.properties)), { numRuns: 3, seed: 7919 + i });
      for (const [query, body] of [[{}, {}] as [Record<string, unknown>, Record<string, unknown>], ...inputs]) {
        const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
        const res = await t.app.inject({
          method: op.method,
          url: `${op.path}${qs ? `?${qs}` : ''}`,
          headers: { 'blade-auth': `bearer ${admin.token}` },
          ...(op.method === 'POST' ? { payload: body } : {}),
        });
        sent++;
        const where = `${op.method} ${op.path}?${qs.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        const declared = op.responses[String(res.statusCode)];
        const schema = declared?.content?.['application/json']?.schema;
        if (res.statusCode >= 500) problems.push(`5xx: ${where}`);
        else if (!declared) problems.push(`undeclared status: ${where}`);
        else if (schema && String(res.headers['content-type'] ?? '').includes('json') && !ajv.validate(schema, res.json())) {
          problems.push(`body does not match: ${where} (${ajv.errorsText()})`);
        }
      }
    }
    console.log(`contract fuzz: ${sent} requests, ${covered} of ${targets.length} operations`);
    expect(problems).toEqual([]);
  }, 90_000);
});
