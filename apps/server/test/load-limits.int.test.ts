import type { Db } from '@civdesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let admin: TestUser;
let real: Db;
/** Every statement the app sent, in order (the driver boundary, recorded). */
const sent: string[] = [];

function recorded(db: Db): Db {
  return {
    ...db,
    query: async <T>(sql: string, params?: unknown[]) => {
      sent.push(sql);
      return db.query<T>(sql, params);
    },
    close: () => db.close(),
  };
}

const AREA = '/api/blade-system/area';
const recursive = () => sent.filter((s) => s.includes('with recursive t as'));

beforeAll(async () => {
  real = await openTestDb();
  t = await buildTestApp({ db: recorded(real) });
  admin = await t.as('admin', '000000');
});
afterAll(async () => {
  await t?.close();
  await real?.close();
});

const get = (url: string, u: TestUser = admin) => t.call(u, { method: 'GET', url });

describe('region trees', () => {
  it('are loaded once for many parallel callers, and changed by a write at once', async () => {
    sent.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${AREA}/tree?parentCode=11`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(recursive().length).toBeLessThanOrEqual(2);
    const whole = await Promise.all(Array.from({ length: 10 }, () => get('/api/blade-system/region/tree')));
    expect(whole.every((a) => a.status === 200 && a.body.data.length > 0)).toBe(true);

    const [bj] = await real.query<{ id: string }>("select id::text from blade_region where code = '11' and is_deleted = 0");
    const add = await t.call(admin, {
      method: 'POST',
      url: `${AREA}/submit`,
      payload: { parentId: bj.id, code: '119901', name: '缓存测试区', fullName: '北京市缓存测试区', pycode: 'hccsq', regionLevel: 3 },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const after = await get(`${AREA}/tree?parentCode=11`);
    expect(JSON.stringify(after.body.data)).toContain('缓存测试区');
    const wholeAfter = await get('/api/blade-system/region/tree');
    expect(JSON.stringify(wholeAfter.body.data)).toContain('缓存测试区');
  });

  it('too large to draw are refused before their rows are loaded', async () => {
    // enough regions under the national root that the whole tree passes the limit (5000 nodes)
    await real.query(
      `insert into blade_region (id, parent_id, code, name, region_level, full_path)
       select 900000000 + g, r.id, '1198' || lpad(g::text, 6, '0'), '填充' || g, 3, '11,1198' || g
         from generate_series(1, 2000) g, (select id from blade_region where code = '11' and is_deleted = 0) r`,
    );
    sent.length = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(`${AREA}/treeSpecLv?regionLevel=5`)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(400));
    expect(answers[0].body.msg).toBe('范围过大，请从下级区划开始');
    const loads = recursive();
    expect(loads.length).toBe(1);
    expect(loads[0]).toContain('count(*)');
  });
});

describe('per-user limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ config: { rateLimits: { perMinute: 5, concurrent: 2 } } });
  });
  afterAll(() => limited?.close());

  it('answer 429 with Retry-After past the rate, for that user only', async () => {
    const a = await limited.as('admin', '100001');
    const b = await limited.as('auditor', '100001');
    const statuses: number[] = [];
    let last: { headers: Record<string, unknown>; body: string } | undefined;
    for (let i = 0; i < 7; i++) {
      const res = await limited.app.inject({ method: 'GET', url: '/api/blade-user/info', headers: { 'blade-auth': `bearer ${a.token}` } });
      statuses.push(res.statusCode);
      last = res;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ code: 429, success: false, msg: '请求过于频繁，请稍后重试' });
    expect((await limited.call(b, { method: 'GET', url: '/api/blade-user/info' })).status).toBe(200);
  });

  it('answer 429 with Retry-After past the calls one user may have in flight', async () => {
    const c = await limited.as('caseworker', '100001');
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        limited.app.inject({
          method: 'GET',
          url: '/api/blade-system/post/page?current=1&size=10',
          headers: { 'blade-auth': `bearer ${c.token}` },
        }),
      ),
    );
    const refused = all.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].headers['retry-after']).toBe('1');
    expect(all.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });
});
