import { listMigrations } from '@civdesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions } from '../src/modules/upgrade/upgrade-status.ts';
import { appVersion, recordDeployment } from '../src/modules/upgrade/versions.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The app-upgrade registry (upgradeapp), the server-upgrade calls (upgrade/…) and the "fun" twins
// of the shell's menu calls.

let t: TestApp;
let platform: TestUser;
let tenantAdmin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantAdmin = await t.as('admin', '100001');
});
afterAll(() => t?.close());

const get = (u: TestUser | null, url: string) => t.call(u, { method: 'GET', url });
const post = (u: TestUser | null, url: string, payload: object) => t.call(u, { method: 'POST', url, payload });
const count = async () => (await t.db.query<{ n: number }>('select count(*)::int n from blade_upgrade_app where is_deleted = 0'))[0].n;

const APP = '/api/blade-upgrade/upgradeapp';
const release = {
  appName: '民政通',
  appCode: 'civdesk-mobile',
  platform: 'android',
  versionName: '1.2.0',
  versionCode: 10200,
  downloadUrl: 'https://apps.example.org/civdesk-1.2.0.apk',
  mustUpdate: 0,
  status: 1,
  releaseNotes: '修复已知问题',
};

describe('upgradeapp', () => {
  it('publishes a version, lists it newest first per app, edits and removes it', async () => {
    const saved = await post(platform, `${APP}/submit`, release);
    expect(saved.status).toBe(200);
    const next = await post(platform, `${APP}/submit`, { ...release, versionName: '1.3.0', versionCode: 10300, mustUpdate: 1 });
    expect(next.status).toBe(200);
    const page = (await get(platform, `${APP}/page?appCode=civdesk-mobile&platform=android`)).body.data;
    expect(page.records.map((r: { versionName: string }) => r.versionName)).toEqual(['1.3.0', '1.2.0']);
    const [newest, older] = page.records as { id: string; mustUpdate: number; versionCode: number }[];
    expect(newest).toMatchObject({ mustUpdate: 1, versionCode: 10300 });
    expect((await post(platform, `${APP}/submit`, { ...release, id: older.id, releaseNotes: '改进' })).status).toBe(200);
    expect((await get(platform, `${APP}/detail?id=${older.id}`)).body.data.releaseNotes).toBe('改进');
    expect((await post(platform, `${APP}/remove?ids=${newest.id},${older.id}`, {})).status).toBe(200);
    expect(await count()).toBe(0);
  });

  it('refuses bad input with a Chinese message and saves nothing', async () => {
    const before = await count();
    const refused = async (body: object, msg: string | RegExp) => {
      const res = await post(platform, `${APP}/submit`, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(msg);
    };
    await refused({ ...release, downloadUrl: undefined }, '请上传安装包或填写下载地址');
    await refused({ ...release, versionName: 'v1.x' }, '版本号格式应为数字和点');
    await refused({ ...release, platform: 'symbian' }, /平台/);
    await refused({ ...release, appCode: '1app' }, '应用编码只能包含字母');
    await refused({ ...release, downloadUrl: 'ftp://x' }, '请输入正确的URL地址');
    await refused({ ...release, releaseNotes: '' }, /更新说明/);
    expect(await count()).toBe(before);
    // The same version code twice for one app and platform: the second is refused.
    expect((await post(platform, `${APP}/submit`, release)).status).toBe(200);
    const dup = await post(platform, `${APP}/submit`, { ...release, versionName: '1.2.1' });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('该应用在此平台已有相同的版本序号');
    // Another platform may reuse it.
    expect((await post(platform, `${APP}/submit`, { ...release, platform: 'ios' })).status).toBe(200);
    expect(await count()).toBe(before + 2);
  });

  it('is the platform administrator’s: a tenant administrator can neither read nor write it', async () => {
    const before = await count();
    expect((await get(tenantAdmin, `${APP}/page`)).status).toBe(403);
    const res = await post(tenantAdmin, `${APP}/submit`, { ...release, versionCode: 99999, versionName: '9.9.9' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await count()).toBe(before);
  });
});

describe('upgrade calls', () => {
  const U = '/api/blade-upgrade/upgrade';
  const [major, minor] = appVersion.split('.').map(Number);
  const newer = `${major}.${minor + 1}.0`;

  it('compares versions by number, not by text', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('0.9', '1.0.0')).toBe(-1);
  });

  it('version/{v}: whether v is newer than the version the server runs', async () => {
    expect((await get(tenantAdmin, `${U}/version/${newer}`)).body.data).toMatchObject({ current: appVersion, version: newer, newer: true });
    expect((await get(tenantAdmin, `${U}/version/${appVersion}`)).body.data).toMatchObject({ newer: false, same: true });
    expect((await get(null, `${U}/version/${newer}`)).status).toBe(401);
    const bad = await get(tenantAdmin, `${U}/version/latest`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('版本号格式不正确，应为数字和点，如 1.2.0');
  });

  it('progress/{v} and done/{v}: pending before the server runs v, running while migrations are missing, then done', async () => {
    const total = listMigrations().length;
    expect((await get(platform, `${U}/progress/${newer}`)).body.data).toMatchObject({ status: 'pending', percent: 0, total });
    const early = await get(platform, `${U}/done/${newer}`);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(`版本 ${newer} 的升级尚未完成（0%）`);
    expect((await get(platform, `${U}/progress/${appVersion}`)).body.data).toMatchObject({ status: 'done', applied: total, percent: 100 });
    // The last migration not yet recorded: the upgrade to this version is still running.
    const [last] = await t.db.query<{ version: string; name: string; checksum: string; applied_time: Date }>(
      'select * from blade_db_version order by version desc limit 1',
    );
    await t.db.query('delete from blade_db_version where version = $1', [last.version]);
    try {
      const running = (await get(platform, `${U}/progress/${appVersion}`)).body.data;
      expect(running).toMatchObject({ status: 'running', applied: total - 1, percent: Math.floor(((total - 1) * 100) / total) });
      expect((await get(platform, `${U}/done/${appVersion}`)).status).toBe(409);
    } finally {
      await t.db.query('insert into blade_db_version (version, name, checksum, applied_time) values ($1, $2, $3, $4)', [
        last.version,
        last.name,
        last.checksum,
        last.applied_time,
      ]);
    }
    const done = await get(platform, `${U}/done/${appVersion}`);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'done', version: appVersion, percent: 100 });
    // Screens a tenant administrator is not granted.
    expect((await get(tenantAdmin, `${U}/progress/${appVersion}`)).status).toBe(403);
    expect((await get(platform, `${U}/progress/1..2`)).status).toBe(400);
  });

  it('{v}: the record of the upgrade to v with the migrations it applied; 404 for a version never deployed', async () => {
    await t.db.query('delete from blade_version_log');
    await t.db.query("update blade_db_version set applied_time = now() - interval '2 hours'");
    await t.db.query(
      "update blade_db_version set applied_time = now() - interval '1 hour' where version = (select max(version) from blade_db_version)",
    );
    await t.db.query(
      `insert into blade_version_log (id, project_code, version, old_version, deploy_time) values
         (1, 'app', '0.0.1', '', now() - interval '90 minutes')`,
    );
    expect(await recordDeployment(t.db)).toBe(true);
    const res = await get(platform, `${U}/${appVersion}`);
    expect(res.status).toBe(200);
    const [last] = await t.db.query<{ version: string }>('select max(version) as version from blade_db_version');
    expect(res.body.data).toMatchObject({ version: appVersion, oldVersion: '0.0.1', status: 'done', current: appVersion });
    expect(res.body.data.migrations.map((m: { version: string }) => m.version)).toEqual([last.version]);
    const first = (await get(platform, `${U}/0.0.1`)).body.data;
    expect(first.migrations.length).toBe(listMigrations().length - 1);
    const none = await get(platform, `${U}/${newer}`);
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe(`版本 ${newer} 没有升级记录`);
    // Open to the version log's readers too (a tenant administrator reads the version log).
    expect((await get(tenantAdmin, `${U}/${appVersion}`)).status).toBe(200);
    expect((await get(await t.as('caseworker', '100001'), `${U}/${appVersion}`)).status).toBe(403);
  });

  it('enabledclearbtn: on unless the parameter turns it off; test: a public ping', async () => {
    expect((await get(tenantAdmin, `${U}/enabledclearbtn/`)).body.data).toEqual({ enabled: true });
    await t.db.query(
      "insert into blade_param (id, param_name, param_key, param_value, is_deleted) values (987654322, '清除缓存按钮', 'upgrade.clearCacheButton', 'false', 0)",
    );
    t.app.ctx.params.forget();
    try {
      expect((await get(tenantAdmin, `${U}/enabledclearbtn/`)).body.data).toEqual({ enabled: false });
    } finally {
      await t.db.query('delete from blade_param where id = 987654322');
      t.app.ctx.params.forget();
    }
    const ping = await get(null, `${U}/test/`);
    expect(ping.status).toBe(200);
    expect(ping.body.data).toMatchObject({
      version: appVersion,
      database: true,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((await get(null, `${U}/check`)).body.data.version).toBe(appVersion);
  });

  it('dbversions/list: also open to the database-versions screen', async () => {
    expect((await get(platform, '/api/blade-upgrade/dbversions/list?size=5')).body.data.records).toHaveLength(5);
    const caseworker = await t.as('caseworker', '100001');
    expect((await get(caseworker, '/api/blade-upgrade/dbversions/list')).status).toBe(403);
    await t.db.query(
      `insert into blade_role_menu (id, role_id, menu_id)
       select 987654323, r.id, m.id from blade_role r, blade_menu m
        where r.tenant_id = '100001' and r.role_alias = 'caseworker' and m.code = 'dbversions' and m.is_deleted = 0`,
    );
    t.app.ctx.grants.forget();
    expect((await get(caseworker, '/api/blade-upgrade/dbversions/list')).status).toBe(200);
  });
});

describe('fun twins of the menu calls', () => {
  it('fun/tree, fun/top-menu and fun/routes answer as menu/… for the same user, with the same permission', async () => {
    for (const user of [platform, tenantAdmin]) {
      for (const call of ['tree', 'top-menu', 'routes', 'routes?topMenuId=0']) {
        const menu = await get(user, `/api/blade-system/menu/${call}`);
        const fun = await get(user, `/api/blade-system/fun/${call}`);
        expect(menu.status).toBe(200);
        expect(fun.status).toBe(menu.status);
        expect(fun.body).toEqual(menu.body);
        expect(JSON.stringify(fun.body.data).length).toBeGreaterThan(2);
      }
    }
    for (const call of ['tree', 'top-menu', 'routes']) expect((await get(null, `/api/blade-system/fun/${call}`)).status).toBe(401);
    const bad = await get(platform, '/api/blade-system/fun/routes?topMenuId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual((await get(platform, '/api/blade-system/menu/routes?topMenuId=abc')).body);
  });
});
