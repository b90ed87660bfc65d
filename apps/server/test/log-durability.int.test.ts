import type { Db } from '@civdesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-app.ts';

let t: TestApp;
let original: Db['query'];

beforeAll(async () => {
  t = await buildTestApp();
  original = t.db.query.bind(t.db);
});
afterAll(() => t?.close());

/** The database driver refuses statements matching `what` as an unreachable server would. */
function outage(what: RegExp) {
  t.db.query = (async (sql: string, params?: unknown[]) => {
    if (what.test(sql)) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    return original(sql, params);
  }) as Db['query'];
  return () => {
    t.db.query = original;
  };
}

const count = async (sql: string, params: unknown[] = []) => (await original<{ c: number }>(sql, params))[0].c;

describe('audit rows are never lost', () => {
  it('keeps the batch of a request whose query value is 300 emoji, cut by code points', async () => {
    const w = t.app.logs.writer;
    await w.flush();
    const tag = `emoji${Date.now()}`;
    await t.call(null, { method: 'GET', url: `/api/blade-system/post/page?tag=${tag}a` });
    await t.call(null, { method: 'GET', url: `/api/civdesk/web-config?x=a${encodeURIComponent('😀'.repeat(300))}` });
    await t.call(null, { method: 'GET', url: `/api/blade-system/post/page?tag=${tag}b` });
    await w.flush();
    expect(await count('select count(*)::int c from blade_log_api where params like $1', [`tag=${tag}%`])).toBe(2);
    const [row] = await original<{ params: string }>(
      "select params from blade_log_api where request_uri = '/api/civdesk/web-config' and params like 'x=a%' order by create_time desc limit 1",
    );
    expect(row.params).toBe(`x=a${'😀'.repeat(300)}`);
    expect(w.stats().lost).toBe(0);
  });

  it('writes the other rows of a batch when the database refuses one, and counts the one lost', async () => {
    const w = t.app.logs.writer;
    await w.flush();
    const lost = w.stats().lost;
    const tag = `badrow${Date.now()}`;
    w.add('blade_log_usual', { log_id: tag, log_level: 'info', log_data: '1', create_time: new Date().toISOString() });
    w.add('blade_log_usual', { log_id: tag, log_level: 'x'.repeat(5000), log_data: '2', create_time: new Date().toISOString() });
    w.add('blade_log_usual', { log_id: tag, log_level: 'info', log_data: '3', create_time: new Date().toISOString() });
    await w.flush();
    expect(await count('select count(*)::int c from blade_log_usual where log_id = $1', [tag])).toBe(2);
    expect(w.stats().lost).toBe(lost + 1);
    // The loss is a figure the platform administrator reads; a tenant administrator may not.
    const stats = await t.call(await t.as('admin', '000000'), { method: 'GET', url: '/api/blade-log/writer-stats' });
    expect(stats.body.data).toMatchObject({ lost: lost + 1, pending: 0 });
    expect((await t.call(await t.as('admin', '100001'), { method: 'GET', url: '/api/blade-log/writer-stats' })).status).toBe(403);
  });

  it('keeps the API log rows of a database outage and writes them once it is back', async () => {
    const w = t.app.logs.writer;
    await w.flush();
    const tag = `outage${Date.now()}`;
    const restore = outage(/^insert into "blade_log_api"/);
    try {
      for (let i = 0; i < 5; i++) await t.call(null, { method: 'GET', url: `/api/civdesk/web-config?tag=${tag}${i}` });
      await w.flush();
      expect(w.stats().pending).toBeGreaterThanOrEqual(5);
      expect(await count('select count(*)::int c from blade_log_api where params like $1', [`tag=${tag}%`])).toBe(0);
    } finally {
      restore();
    }
    await w.flush();
    expect(await count('select count(*)::int c from blade_log_api where params like $1', [`tag=${tag}%`])).toBe(5);
    expect(w.stats().pending).toBe(0);
  });

  it('keeps the sign-in log rows of an outage', async () => {
    const w = t.app.logs.writer;
    const account = `nobody${Date.now()}`.slice(0, 20);
    const restore = outage(/^insert into "blade_log_auth"/i);
    let status: number;
    try {
      const res = await t.call(null, {
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=100001&username=${account}&password=x&grant_type=password&scope=all&type=account`,
        headers: { authorization: await t.basic(), 'tenant-id': '100001' },
      });
      status = res.status;
    } finally {
      restore();
    }
    expect(status).toBe(400);
    await w.flush();
    expect(await count('select count(*)::int c from blade_log_auth where account = $1', [account])).toBe(1);
  });
});
