import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersion, recordDeployment } from '../src/modules/upgrade/versions.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let platform: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
});
afterAll(() => t?.close());

describe('versions', () => {
  it('records each new version once, with the one it replaced', async () => {
    expect(await recordDeployment(t.db, '0.0.9')).toBe(true);
    expect(await recordDeployment(t.db, '0.0.9')).toBe(false);
    expect(await recordDeployment(t.db, appVersion)).toBe(true);
    const res = await t.call(platform, { method: 'GET', url: '/api/blade-upgrade/version-log/page' });
    expect(
      res.body.data.records
        .slice(0, 2)
        .map((r: { version: string; oldVersion: string; projectCode: string }) => [r.projectCode, r.version, r.oldVersion]),
    ).toEqual([
      ['app', appVersion, '0.0.9'],
      ['app', '0.0.9', ''],
    ]);
    // Read-only: no submit or remove route exists.
    expect(
      (await t.call(platform, { method: 'POST', url: '/api/blade-upgrade/version-log/submit', payload: { version: 'x' } })).status,
    ).toBe(404);
  });

  it('lists the applied database migrations', async () => {
    const res = await t.call(platform, { method: 'GET', url: '/api/blade-upgrade/dbversions/list?current=1&size=100' });
    expect(res.status).toBe(200);
    expect(res.body.data.records.at(-1)).toMatchObject({
      version: '0001',
      name: 'init',
      appliedTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(res.body.data.total).toBe(res.body.data.records.length);
    expect((await t.call(platform, { method: 'GET', url: '/api/blade-upgrade/dbversions/list?size=0' })).status).toBe(400);
  });
});
