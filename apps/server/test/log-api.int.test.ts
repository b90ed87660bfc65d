import { logApi, registry } from '@civdesk/resources';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemCaller } from '../src/core/caller.ts';
import { insert } from '../src/crud/repository.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The API log: read-only, tenant-scoped, newest first. And, for every resource, the number of SQL
// statements a list or detail takes (the driver's counter): a page must never cost one statement
// per row, whatever its size. Speed itself is measured by `npm run bench`, never asserted here.
let t: TestApp;
let a: TestUser;
let b: TestUser;
const code = () => `L${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 36).toString(36)}`;

const scope = (tenantId: string) => ({
  tz: 'Asia/Shanghai',
  caller: systemCaller(tenantId, '1', '1'),
});

beforeAll(async () => {
  t = await buildTestApp();
  a = await t.newTenant(code());
  b = await t.newTenant(code());
  for (const [i, serviceId] of ['blade-system', 'dw-minor', 'dw-minor', 'blade-user'].entries()) {
    await insert(t.db, logApi, scope(a.tenantId), {
      serviceId,
      method: 'GET',
      requestUri: `/${serviceId}/page`,
      title: '查询',
      params: 'current=1&size=10',
      time: '12',
      createBy: 'admin',
      createTime: `2024-05-0${i + 1} 09:00:00`,
    });
  }
  await insert(t.db, logApi, scope(b.tenantId), { serviceId: 'dw-minor', method: 'POST', requestUri: '/x', createBy: 'other' });
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });

describe('API log', () => {
  it('lists the tenant’s own rows, newest first, and filters by service', async () => {
    const all = await get(a, '/api/blade-log/api/page?current=1&size=10');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.records.map((r: { createTime: string }) => r.createTime.slice(0, 10))).toEqual([
      '2024-05-04',
      '2024-05-03',
      '2024-05-02',
      '2024-05-01',
    ]);
    const minor = await get(a, '/api/blade-log/api/page?serviceId_equal=dw-minor&size=1');
    expect(minor.body.data).toMatchObject({ total: 2, pages: 2, size: 1 });
    expect(minor.body.data).not.toHaveProperty('approximate');
  });

  it('shows a row by id to its tenant only', async () => {
    // Filtered: the calls of the test above may have been logged by now.
    const [row] = (await get(a, '/api/blade-log/api/page?size=1&serviceId=blade-user')).body.data.records;
    const mine = await get(a, `/api/blade-log/api/detail?id=${row.id}`);
    expect(mine.body.data).toMatchObject({ id: row.id, serviceId: 'blade-user', requestUri: '/blade-user/page', tenantId: a.tenantId });
    expect((await get(b, `/api/blade-log/api/detail?id=${row.id}`)).status).toBe(404);
    expect((await get(b, '/api/blade-log/api/page')).body.data.total).toBe(1);
  });

  it('cannot be written or removed through the API', async () => {
    const add = await t.call(a, { method: 'POST', url: '/api/blade-log/api/submit', payload: { serviceId: 'x' } });
    expect(add.status).toBe(404);
    // Filtered: the calls of the test above may have been logged by now.
    const [row] = (await get(a, '/api/blade-log/api/page?size=1&serviceId=blade-user')).body.data.records;
    expect((await t.call(a, { method: 'POST', url: `/api/blade-log/api/remove?ids=${row.id}` })).status).toBe(404);
  });
});

describe('SQL statements per request', () => {
  const listed = registry.filter((r) => r.routes.includes('page'));

  it.each(listed.map((r) => [r.name, r] as const))('%s: at most three for a page of any size or a detail', async (_n, r) => {
    const u = r.tenant ? a : await t.as('admin', '000000');
    // The caller's session, grants and the parameters it reads are cached for a second per server
    // copy and read again in the background once half a second old. Hold the clock still, empty
    // the caches and let one request read them afresh: they stay fresh, so what is counted is the
    // request's own SQL.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await get(u, '/api/blade-auth/oauth/clear-cache');
      await get(u, `${r.api}/page?size=1`);
      const counted = async (url: string) => {
        // The API log is written in batches beside requests: its statements are not the request's.
        const before = t.db.stats.queries - t.app.logs.writer.statements;
        const res = await get(u, url);
        expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
        return { n: t.db.stats.queries - t.app.logs.writer.statements - before, data: res.body.data };
      };
      for (const q of ['size=1', 'size=20', 'size=1000', 'size=-1', 'current=500&size=20']) {
        const { n } = await counted(`${r.api}/page?${q}`);
        expect(n, `${r.name} ${q}`).toBeLessThanOrEqual(3);
      }
      const { data } = await counted(`${r.api}/page?size=1`);
      if (data.records[0]) expect((await counted(`${r.api}/detail?id=${data.records[0].id}`)).n).toBeLessThanOrEqual(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
