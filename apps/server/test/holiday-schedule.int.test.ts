import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let platform: TestUser;
let tenantA: TestUser;
const api = '/api/blade-system/dwHolidaySchedule';

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantA = await t.as('admin', '100001');
});
afterAll(() => t?.close());

describe('holiday schedule and working days', () => {
  it('is seeded with the official schedules, adjusted working days included', async () => {
    const res = await t.call(tenantA, { method: 'GET', url: `${api}/page?year=2026` });
    expect(res.body.data.records, JSON.stringify(res.body).slice(0, 300)).toHaveLength(1);
    const list = JSON.parse(res.body.data.records[0].holidaysList);
    expect(list).toContainEqual({ date: '2026-10-01', type: 'holiday', name: '国庆节' });
    expect(list.some((e: { type: string }) => e.type === 'workday')).toBe(true);
    // The seed ships 2026; other suites sharing a PostgreSQL database may add later years.
    const next = await t.call(tenantA, { method: 'GET', url: `${api}/getMaxNextYear` });
    const [{ y }] = await t.db.query<{ y: number }>('select max(year)::int y from dw_holiday_schedule where is_deleted = 0');
    expect(y).toBeGreaterThanOrEqual(2026);
    expect(next.body.data).toBe(y + 1);
  });

  it('answers working-day questions from the schedule', async () => {
    const off = await t.call(tenantA, { method: 'GET', url: `${api}/workday?date=2026-10-01` });
    expect(off.body.data).toEqual({ date: '2026-10-01', workday: false, name: '国庆节' });
    const add = await t.call(tenantA, { method: 'GET', url: `${api}/addWorkingDays?date=2026-09-30&days=1` });
    expect(add.body.data).toBe('2026-10-08'); // Oct 1–7 off
    expect((await t.call(tenantA, { method: 'GET', url: `${api}/workday?date=2026-02-30` })).status).toBe(400);
    expect((await t.call(tenantA, { method: 'GET', url: `${api}/addWorkingDays?date=2026-09-30&days=-3` })).status).toBe(400);
  });

  it('saves a year with cusSave whether or not it exists, and refuses a malformed list', async () => {
    const list = [{ date: '2031-01-01', type: 'holiday', name: '元旦' }];
    const first = await t.call(platform, {
      method: 'POST',
      url: `${api}/cusSave`,
      payload: { year: 2031, holidaysList: JSON.stringify(list) },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await t.call(platform, {
      method: 'POST',
      url: `${api}/cusSave`,
      payload: { year: 2031, holidaysList: JSON.stringify([...list, { date: '2031-01-04', type: 'workday', name: '元旦' }]) },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int n from dw_holiday_schedule where year = 2031 and is_deleted = 0');
    expect(n).toBe(1);
    const bad = await t.call(platform, {
      method: 'POST',
      url: `${api}/cusSave`,
      payload: { year: 2031, holidaysList: '[{"date":"2030-01-01","type":"holiday"}]' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toEqual({ field: 'holidaysList', message: '2030-01-01 不在 2031 年内' });
    // National data: a tenant reads it but cannot change it.
    expect((await t.call(tenantA, { method: 'POST', url: `${api}/cusSave`, payload: { year: 2032, holidaysList: '[]' } })).status).toBe(
      403,
    );
  });
});
