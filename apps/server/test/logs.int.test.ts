import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldLogs } from '../src/modules/log/retention.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let platform: TestUser;
let tenantA: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  t.app.get('/api/test/explode', { config: { auth: 'signed-in' }, schema: { summary: '测试异常' } }, async () => {
    throw new TypeError('kaboom in a handler');
  });
  platform = await t.as('admin', '000000');
  tenantA = await t.as('admin', '100001');
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });

describe('server logs', () => {
  it('logs every API call in batches, losing none under a burst', async () => {
    await t.app.logs.writer.flush();
    const before = t.app.logs.writer.written;
    const n = 300;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => get(tenantA, `/api/blade-system/post/page?current=1&size=1&postName=burst${i}`)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await t.app.logs.writer.flush();
    expect(t.app.logs.writer.written - before).toBeGreaterThanOrEqual(n);
    const [{ c }] = await t.db.query<{ c: number }>(
      "select count(*)::int c from blade_log_api where tenant_id = '100001' and request_uri = '/api/blade-system/post/page' and params like 'current=1&size=1&postName=burst%'",
    );
    expect(c).toBe(n);
    const list = await get(tenantA, '/api/blade-log/api/list?requestUri=/api/blade-system/post/page&size=1');
    expect(list.body.data.records[0]).toMatchObject({
      serviceId: 'blade-system',
      method: 'GET',
      createBy: 'admin',
      methodName: '200',
      title: expect.stringContaining('岗位'),
    });
    // Another tenant's calls are not in this tenant's list.
    await get(platform, '/api/blade-system/param/page?size=1&paramKey=only-platform');
    await t.app.logs.writer.flush();
    expect((await get(tenantA, '/api/blade-log/api/list?params=only-platform')).body.data.total).toBe(0);
  });

  it('writes a batch with one statement and loses no row added while a batch is being written', async () => {
    const w = t.app.logs.writer;
    await w.flush();
    const statements = w.statements;
    const tag = `batch-${Date.now()}`;
    // 500 and 500 fill two batches (written at once), 200 wait for the flush below.
    for (let i = 0; i < 1200; i++) t.app.logs.usual('warn', tag, `行 ${i} "quoted" \\ back`);
    const writing = w.flush();
    for (let i = 1200; i < 1300; i++) t.app.logs.usual('warn', tag, `行 ${i} "quoted" \\ back`);
    await writing;
    await w.flush();
    expect(w.statements - statements).toBeLessThanOrEqual(4);
    const [row] = await t.db.query<{ n: number; distinct: number; level: string; sample: string }>(
      `select count(*)::int n, count(distinct log_data)::int distinct, min(log_level) level, min(log_data) sample
         from blade_log_usual where log_id = $1`,
      [tag],
    );
    expect(row).toEqual({ n: 1300, distinct: 1300, level: 'warn', sample: '行 0 "quoted" \\ back' });
  });

  it('never keeps a secret from the query string', async () => {
    await get(tenantA, '/api/blade-system/post/page?password=hunter2&token=abc&postName=x');
    await t.app.logs.writer.flush();
    const [row] = await t.db.query<{ params: string }>(
      "select params from blade_log_api where params like '%postName=x%' order by create_time desc limit 1",
    );
    expect(row.params).toBe('password=******&token=******&postName=x');
  });

  it('keeps an unexpected failure with its stack server-side, the client seeing only the generic message', async () => {
    const res = await get(tenantA, '/api/test/explode?case=1');
    expect(res.body).toMatchObject({ code: 500, msg: '服务器异常，请联系管理员' });
    expect(JSON.stringify(res.body)).not.toContain('kaboom');
    await t.app.logs.writer.flush();
    const err = await get(tenantA, '/api/blade-log/error/list?requestUri=/api/test/explode');
    expect(err.body.data.records[0]).toMatchObject({
      exceptionName: 'TypeError',
      message: 'kaboom in a handler',
      params: 'case=1',
      createBy: 'admin',
    });
    const detail = await get(tenantA, `/api/blade-log/error/detail?id=${err.body.data.records[0].id}`);
    expect(detail.body.data.stackTrace).toContain('kaboom in a handler');
  });

  it('records notable events and purges logs past their retention', async () => {
    t.app.logs.usual('info', 'test-event', '测试事件');
    await t.app.logs.writer.flush();
    expect((await get(platform, '/api/blade-log/usual/list?logId=test-event')).body.data.records[0]).toMatchObject({
      logLevel: 'info',
      logData: '测试事件',
    });
    await t.db.query(
      "update blade_log_api set create_time = now() - interval '200 days' where params like 'current=1&size=1&postName=burst1%'",
    );
    const purged = await purgeOldLogs(t.db, 180);
    expect(purged.blade_log_api).toBeGreaterThan(0);
    const [{ c }] = await t.db.query<{ c: number }>(
      "select count(*)::int c from blade_log_api where params like 'current=1&size=1&postName=burst2%'",
    );
    expect(c).toBeGreaterThan(0);
    const [{ old }] = await t.db.query<{ old: number }>(
      "select count(*)::int old from blade_log_api where create_time < now() - interval '180 days'",
    );
    expect(old).toBe(0);
  });
});
