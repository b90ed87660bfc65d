import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let platform: TestUser;
let tenantA: TestUser;
let caseworker: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  platform = await t.as('admin', '000000');
  tenantA = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });

describe('notices', () => {
  it('sanitise rich text, answer categoryName and list newest first for every signed-in user', async () => {
    const a = await post(tenantA, '/api/blade-desk/notice/submit', {
      title: '防汛通知',
      category: 1,
      releaseTime: '2026-11-01 09:00:00',
      content: '<p onclick="x()">请做好<b>防汛</b><script>alert(1)</script></p>',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data.content).toBe('<p>请做好<b>防汛</b></p>');
    expect(a.body.data.categoryName).toBe('发布通知');
    await post(tenantA, '/api/blade-desk/notice/submit', {
      title: '会议通知',
      category: 7,
      releaseTime: '2026-11-02 09:00:00',
      content: '<p>周五开会</p>',
    });
    const list = await get(caseworker, '/api/blade-desk/notice/list?current=1&size=10');
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((n: { title: string }) => n.title).slice(0, 2)).toEqual(['会议通知', '防汛通知']);
    expect(list.body.data.records[0].categoryName).toBe('会议通知');
    const range = await get(
      caseworker,
      '/api/blade-desk/notice/list?releaseTime_datege=2026-11-02%2000:00:00&releaseTime_datelt=2026-11-03%2000:00:00',
    );
    expect(range.body.data.records.map((n: { title: string }) => n.title)).toEqual(['会议通知']);
  });
});

describe('message settings', () => {
  it('page with filters in a POST body (cusPage)', async () => {
    await post(tenantA, '/api/dw-matter/matWfMessageSetting/submit', {
      messageSettingName: '受理短信',
      messageType: 2,
      webUrl: '{"template":"T1"}',
      isStop: 0,
    });
    await post(tenantA, '/api/dw-matter/matWfMessageSetting/submit', {
      messageSettingName: '办结邮件',
      messageType: 3,
      webUrl: '{}',
      isStop: 1,
    });
    const res = await post(tenantA, '/api/dw-matter/matWfMessageSetting/cusPage', { param: { messageType: 2 }, current: 1, size: 10 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.records.map((r: { messageSettingName: string }) => r.messageSettingName)).toEqual(['受理短信']);
    expect((await post(tenantA, '/api/dw-matter/matWfMessageSetting/cusPage', { param: 'x' })).status).toBe(400);
    expect((await post(tenantA, '/api/dw-matter/matWfMessageSetting/cusPage', { param: { isStop: { a: 1 } } })).status).toBe(400);
    expect((await post(tenantA, '/api/dw-matter/matWfMessageSetting/cusPage', { param: { nosuch: 1 } })).status).toBe(400);
  });
});

describe('SMS', () => {
  it('enables one setting per tenant, records what the local provider sends, refuses bad phones', async () => {
    const a = await post(tenantA, '/api/blade-resource/sms/submit', {
      category: 0,
      smsCode: 'local-1',
      templateId: 'T1',
      secretKey: 's3cr3t',
      signName: '民政',
    });
    const b = await post(tenantA, '/api/blade-resource/sms/submit', { category: 3, smsCode: 'ali-1', templateId: 'T2' });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const [stored] = await t.db.query<{ k: string }>('select secret_key k from blade_sms where id = $1', [a.body.data.id]);
    expect(stored.k.startsWith('v1:')).toBe(true);
    await post(tenantA, `/api/blade-resource/sms/enable?id=${b.body.data.id}`);
    await post(tenantA, `/api/blade-resource/sms/enable?id=${a.body.data.id}`);
    const statuses = await t.db.query<{ code: string; status: number }>(
      // Only enabled rows and ours count.
      "select sms_code code, status from blade_sms where tenant_id = $1 and (status = 2 or sms_code in ('ali-1', 'local-1')) order by sms_code",
      ['100001'],
    );
    expect(statuses).toEqual([
      { code: 'ali-1', status: 1 },
      { code: 'local-1', status: 2 },
    ]);
    // Enabling is a button of its own: a caller who may only view settings is refused, naming it.
    const refused = await post(caseworker, `/api/blade-resource/sms/enable?id=${b.body.data.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ perm: 'sms_enable' });
    const sent = await post(tenantA, '/api/blade-resource/sms/endpoint/send-message', {
      phones: '13800000000,13900000000',
      params: { name: '张三' },
    });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ code: 200, msg: '发送成功' });
    const records = await get(tenantA, '/api/blade-resource/sms-record/page');
    expect(records.body.data.records[0]).toMatchObject({
      smsCode: 'local-1',
      phones: '13800000000,13900000000',
      params: '{"name":"张三"}',
      result: '已记录（本地）',
    });
    const unconnected = await post(tenantA, '/api/blade-resource/sms/endpoint/send-message?code=ali-1&phones=13800000000');
    expect(unconnected.status).toBe(400);
    expect(unconnected.body.msg).toBe('发送失败: 该短信服务商未接入');
    expect((await post(tenantA, '/api/blade-resource/sms/endpoint/send-message?phones=12345')).status).toBe(400);
    expect((await post(platform, '/api/blade-resource/sms/endpoint/send-message?phones=13800000000')).body.msg).toBe('未启用短信配置');
  });
});

describe('object storage settings', () => {
  it('enable one per tenant and keep secrets encrypted', async () => {
    const a = await post(tenantA, '/api/blade-resource/oss/submit', {
      category: 1,
      ossCode: 'minio-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKey: 'ak',
      secretKey: 'sk',
      bucketName: 'civdesk',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data).not.toHaveProperty('secretKey');
    expect((await post(tenantA, `/api/blade-resource/oss/enable?id=${a.body.data.id}`)).status).toBe(200);
    expect((await get(tenantA, `/api/blade-resource/oss/detail?id=${a.body.data.id}`)).body.data.status).toBe(2);
    expect((await post(caseworker, `/api/blade-resource/oss/enable?id=${a.body.data.id}`)).body.data).toEqual({ perm: 'oss_enable' });
    // Another tenant cannot enable (or see) it; the platform administrator enables it for its own tenant.
    const other = await t.newTenant(`O${Date.now().toString(36).slice(-6)}`);
    expect((await post(other, `/api/blade-resource/oss/enable?id=${a.body.data.id}`)).status).toBe(404);
    const b = await post(tenantA, '/api/blade-resource/oss/submit', { category: 0, ossCode: 'local-1' });
    expect((await post(platform, `/api/blade-resource/oss/enable?id=${b.body.data.id}`)).status).toBe(200);
    const rows = await t.db.query<{ code: string; status: number }>(
      // Only enabled rows and ours: other suites may add rows to this tenant on a shared database.
      "select oss_code code, status from blade_oss where tenant_id = '100001' and (status = 2 or oss_code in ('local-1', 'minio-1')) order by oss_code",
    );
    expect(rows).toEqual([
      { code: 'local-1', status: 2 },
      { code: 'minio-1', status: 1 },
    ]);
  });
});

describe('third-party applications', () => {
  it('check URLs, bind roles as a whole and show each user the apps of their roles', async () => {
    const bad = await post(tenantA, '/api/dw-third-app/dwThirdApp/submit', {
      appName: '救助系统',
      loginUrl: 'ftp://x',
      loginOutApi: 'https://x.org/out',
      note: '测试',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toContainEqual({ field: 'loginUrl', message: '请输入正确的URL地址' });
    const app = await post(tenantA, '/api/dw-third-app/dwThirdApp/submit', {
      appName: '救助系统',
      loginUrl: 'https://jz.example.org/sso',
      loginOutApi: 'https://jz.example.org/out',
      note: '测试',
    });
    expect(app.status).toBe(200);
    const [role] = await t.db.query<{ id: string }>(
      "select id::text from blade_role where tenant_id = '100001' and role_alias = 'caseworker'",
    );
    expect((await get(caseworker, '/api/dw-third-app/dwThirdApp/getAppForUser')).body.data).toEqual([]);
    const bind = await post(tenantA, '/api/dw-third-app/dwThirdAppPermission/batchBind', { appId: app.body.data.id, roleIds: [role.id] });
    expect(bind.status, JSON.stringify(bind.body)).toBe(200);
    expect((await get(tenantA, `/api/dw-third-app/dwThirdAppPermission/getListByApp?appId=${app.body.data.id}`)).body.data).toEqual([
      { appId: app.body.data.id, roleId: role.id, roleName: '个案工作者' },
    ]);
    expect(
      (await get(caseworker, '/api/dw-third-app/dwThirdApp/getAppForUser')).body.data.map((a: { appName: string }) => a.appName),
    ).toEqual(['救助系统']);
    // A role of another tenant cannot be bound.
    const [foreign] = await t.db.query<{ id: string }>("select id::text from blade_role where tenant_id = '000000' limit 1");
    expect(
      (await post(tenantA, '/api/dw-third-app/dwThirdAppPermission/batchBind', { appId: app.body.data.id, roleIds: [foreign.id] })).status,
    ).toBe(400);
    expect((await get(tenantA, `/api/dw-third-app/dwThirdApp/cusRomve?ids=${app.body.data.id}`)).body.msg).toBe('删除成功');
    expect((await get(caseworker, '/api/dw-third-app/dwThirdApp/getAppForUser')).body.data).toEqual([]);
  });
});

describe('tab page config', () => {
  it('answers the tabs of one flag in order and protects built-in tabs', async () => {
    await post(platform, '/api/dw-system/dwPageConf/submit', {
      flag: 'case',
      pageTabname: '材料',
      pageTaburl: '/case/materials',
      orderNum: '2',
    });
    await post(platform, '/api/dw-system/dwPageConf/submit', {
      flag: 'case',
      pageTabname: '基本信息',
      pageTaburl: '/case/basic',
      orderNum: '1',
      isSys: 1,
    });
    const tabs = await get(caseworker, '/api/dw-system/dwPageConf/getCommon?flag=case');
    expect(tabs.body.data.map((x: { pageTabname: string }) => x.pageTabname)).toEqual(['基本信息', '材料']);
    const sys = tabs.body.data[0];
    expect((await post(platform, `/api/dw-system/dwPageConf/remove?ids=${sys.id}`)).body.msg).toBe('系统内置数据不可删除');
    expect(
      (
        await post(platform, '/api/dw-system/dwPageConf/submit', {
          flag: 'case',
          pageTabname: 'x'.repeat(21),
          pageTaburl: '/x',
          orderNum: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (await post(platform, '/api/dw-system/dwPageConf/submit', { flag: 'case', pageTabname: 'x', pageTaburl: '/x', orderNum: '123' }))
        .status,
    ).toBe(400);
  });
});
