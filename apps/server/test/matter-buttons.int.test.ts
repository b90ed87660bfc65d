import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The demo tenant's button library, options, step buttons, signing, tabs, custom handlers and
// field rights (the step-hook calls are in matter-hooks.int.test.ts).
let t: TestApp;
let a: TestUser;
let b: TestUser;
const A = '/api/dw-matter';

beforeAll(async () => {
  t = await buildTestApp();
  a = await t.as('admin', '100001');
  b = await t.newTenant(`MB${Date.now() % 1e8}`.slice(0, 12));
});
afterAll(() => t?.close());

const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });
const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url, payload });
const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table} where is_deleted = 0`))[0].n;
const buttonNamed = async (name: string) =>
  (
    await t.db.query<{ id: string }>(
      "select id::text from mat_wf_local_button where tenant_id = '100001' and local_button_name = $1 and is_deleted = 0",
      [name],
    )
  )[0].id;

describe('button library and options', () => {
  it('seeds the usual handling buttons with their opinions, one default each', async () => {
    const page = await get(a, `${A}/matWfLocalButton/list?size=50`);
    const names = page.body.data.records.map((r: { localButtonName: string }) => r.localButtonName);
    expect(names).toEqual(expect.arrayContaining(['提交', '送下一步', '退回', '撤回', '挂起', '补正', '不予受理', '办结', '暂存', '打印']));
    const opts = await get(a, `${A}/matWfLocalButOpts/cusList?localButtonId=${await buttonNamed('退回')}`);
    expect(opts.body.data.map((o: { butOptsInfo: string }) => o.butOptsInfo)).toEqual(['材料不全, 请补充后重新提交', '信息有误, 请核实']);
    expect(opts.body.data.filter((o: { isDefault: number }) => o.isDefault === 1)).toHaveLength(1);
  });

  it('keeps at most one default option per button: setting one clears the others', async () => {
    const button = await buttonNamed('提交');
    const added = await post(a, `${A}/matWfLocalButOpts/submit`, {
      localButtonId: button,
      orderNumber: 9,
      butOptsInfo: '同意上报',
      isDefault: 1,
      localButtonName: '冒名',
    });
    expect(added.status).toBe(200);
    expect(added.body.data.localButtonName).toBe('提交');
    const list = (await get(a, `${A}/matWfLocalButOpts/cusList?localButtonId=${button}`)).body.data as { id: string; isDefault: number }[];
    expect(list.filter((o) => o.isDefault === 1).map((o) => o.id)).toEqual([added.body.data.id]);
    // Another button's default is untouched.
    const back = (await get(a, `${A}/matWfLocalButOpts/cusList?localButtonId=${await buttonNamed('退回')}`)).body.data;
    expect(back.filter((o: { isDefault: number }) => o.isDefault === 1)).toHaveLength(1);
  });

  it('refuses an option without an order code or of another tenant’s button, changing nothing', async () => {
    const before = await count('mat_wf_local_but_opts');
    const noOrder = await post(a, `${A}/matWfLocalButOpts/submit`, { localButtonId: await buttonNamed('提交'), butOptsInfo: 'x' });
    expect(noOrder.status).toBe(400);
    const foreign = await post(b, `${A}/matWfLocalButOpts/submit`, {
      localButtonId: await buttonNamed('提交'),
      orderNumber: 1,
      butOptsInfo: 'x',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toContain('所属按钮不存在');
    expect((await get(b, `${A}/matWfLocalButOpts/cusList?localButtonId=${await buttonNamed('提交')}`)).body.data).toEqual([]);
    expect(await count('mat_wf_local_but_opts')).toBe(before);
  });

  it('requires name, type, parameter value and page setting of a button; a tab of another tenant is refused', async () => {
    const res = await post(a, `${A}/matWfLocalButton/submit`, { localButtonName: '转办' });
    expect(res.status).toBe(400);
    const [tab] = await t.db.query<{ id: string }>("select id::text from mat_wf_page_configure where tenant_id = '100001' limit 1");
    const foreign = await post(b, `${A}/matWfLocalButton/submit`, {
      localButtonName: '转办',
      localButtonType: 6,
      localButtonValue: 'transfer',
      localButtonPageSetting: tab.id,
    });
    expect(foreign.status).toBe(400);
  });

  it('refuses to remove a library button a step shows; an unused one goes with its options', async () => {
    const before = await count('mat_wf_local_button');
    const used = await post(a, `${A}/matWfLocalButton/remove?ids=${await buttonNamed('提交')}`);
    expect(used.status).toBe(400);
    expect(used.body.msg).toContain('按钮已被流程环节使用');
    expect(await count('mat_wf_local_button')).toBe(before);
    const unused = await buttonNamed('撤回');
    expect((await post(a, `${A}/matWfLocalButton/remove?ids=${unused}`)).status).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from mat_wf_local_but_opts where local_button_id = $1 and is_deleted = 0',
      [unused],
    );
    expect(n).toBe(0);
  });
});

describe('step buttons', () => {
  // 调查核实 of the first demo matter, its seeded buttons removed: a step with none yet.
  const step = '1903000000000000112';
  it('copies library buttons onto a step (once each), with an override name, and answers them with their opinions', async () => {
    await t.db.query(`update mat_wf_element_button set is_deleted = 1 where element_id = '${step}'`);
    const ids = [await buttonNamed('受理'), await buttonNamed('补正'), await buttonNamed('受理')];
    const copied = await post(a, `${A}/matWfElementButton/copyFromLibrary`, { elementId: step, localButtonIds: ids });
    expect(copied.status).toBe(200);
    expect(copied.body.data.map((r: { localButtonName: string }) => r.localButtonName)).toEqual(['受理', '补正']);
    const again = await post(a, `${A}/matWfElementButton/copyFromLibrary`, { elementId: step, localButtonIds: ids });
    expect(again.status).toBe(400);
    const first = copied.body.data[0];
    const renamed = await post(a, `${A}/matWfElementButton/submit`, {
      id: first.id,
      elementId: step,
      localButtonId: first.localButtonId,
      elementButtonName: '收件受理',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.localButtonName).toBe('受理');
    const shown = (await get(a, `${A}/matWfElementButton/listByElement?elementId=${step}`)).body.data;
    expect(shown.map((s: { name: string }) => s.name)).toEqual(['收件受理', '补正']);
    expect(shown[0].options[0]).toMatchObject({ butOptsInfo: '材料齐全, 予以受理', isDefault: 1 });
    expect(shown[0].localButtonValue).toBe('accept');
  });

  it('answers the seeded demo step buttons and nothing of them to another tenant', async () => {
    const shown = (await get(a, `${A}/matWfElementButton/listByElement?elementId=1903000000000000134`)).body.data;
    expect(shown.map((s: { name: string }) => s.name)).toEqual(['认定', '不予认定']);
    expect((await get(b, `${A}/matWfElementButton/listByElement?elementId=1903000000000000134`)).body.data).toEqual([]);
    const before = await count('mat_wf_element_button');
    const foreign = await post(b, `${A}/matWfElementButton/copyFromLibrary`, {
      elementId: step,
      localButtonIds: [await buttonNamed('办结')],
    });
    expect(foreign.status).toBe(400);
    expect((await get(a, `${A}/matWfElementButton/listByElement?elementId=abc`)).status).toBe(400);
    expect(await count('mat_wf_element_button')).toBe(before);
  });
});

describe('references across the matter configuration', () => {
  it('refuses a step, print template or form that does not exist or is another tenant’s, changing nothing', async () => {
    const before = await Promise.all(['mat_wf_element_button', 'mat_wf_element_electronic_sign', 'mat_wf_element_permission'].map(count));
    const lb = await buttonNamed('办结');
    const missing = await post(a, `${A}/matWfElementButton/submit`, { elementId: '1903000000000000199', localButtonId: lb });
    expect([missing.status, missing.body.msg]).toEqual([400, '环节不存在']);
    // Tenant B names tenant A's step and print template.
    const foreignStep = await post(b, `${A}/matWfElementButton/submit`, { elementId: '1903000000000000123', localButtonId: lb });
    expect([foreignStep.status, foreignStep.body.msg]).toEqual([400, '环节不存在']);
    const foreignPrint = await post(a, `${A}/matWfElementElectronicSign/submit`, {
      elementId: '1903000000000000123',
      printId: '1904000000000000099',
      signatureType: 1,
    });
    expect([foreignPrint.status, foreignPrint.body.msg]).toEqual([400, '打印模板不存在']);
    const noForm = await post(a, `${A}/matWfElementPermission/submit`, {
      elementId: '1903000000000000113',
      formId: '1902000000000000099',
      fieldName: 'x',
      permission: 1,
    });
    expect([noForm.status, noForm.body.msg]).toEqual([400, '表单不存在']);
    const after = await Promise.all(['mat_wf_element_button', 'mat_wf_element_electronic_sign', 'mat_wf_element_permission'].map(count));
    expect(after).toEqual(before);
  });
});

describe('signing elements', () => {
  it('keeps the signature count within its maximum and the signing buttons on the same step', async () => {
    const [own] = await t.db.query<{ id: string }>(
      "select id::text from mat_wf_element_button where element_id = '1903000000000000123' limit 1",
    );
    const [other] = await t.db.query<{ id: string }>(
      "select id::text from mat_wf_element_button where element_id = '1903000000000000113' limit 1",
    );
    const before = await count('mat_wf_element_electronic_sign');
    const base = { elementId: '1903000000000000123', printId: '1904000000000000002', signatureType: 1 };
    const tooMany = await post(a, `${A}/matWfElementElectronicSign/submit`, { ...base, signNumber: 3, signNumberMax: 2 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('签章次数不能大于最大签章次数');
    const elsewhere = await post(a, `${A}/matWfElementElectronicSign/submit`, { ...base, associatedButtonId: `${own.id},${other.id}` });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.msg).toBe('关联按钮必须是本环节的按钮');
    expect(await count('mat_wf_element_electronic_sign')).toBe(before);
    const fine = await post(a, `${A}/matWfElementElectronicSign/submit`, {
      ...base,
      associatedButtonId: own.id,
      signNumber: 1,
      signNumberMax: 2,
    });
    expect(fine.status).toBe(200);
    // An update is checked against the stored values it leaves alone.
    const raised = await post(a, `${A}/matWfElementElectronicSign/submit`, {
      ...base,
      id: fine.body.data.id,
      signNumber: 5,
      signNumberMax: 2,
    });
    expect(raised.status).toBe(400);
  });
});

describe('handling tabs', () => {
  it('refuses to remove a built-in tab; requires flag, name and URL', async () => {
    const [sys] = await t.db.query<{ id: string }>(
      "select id::text from mat_wf_page_configure where tenant_id = '100001' and is_sys = 1 limit 1",
    );
    const before = await count('mat_wf_page_configure');
    const res = await post(a, `${A}/matWfPageConfigure/remove?ids=${sys.id}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('系统内置数据不可删除');
    expect((await post(a, `${A}/matWfPageConfigure/submit`, { flag: 'handle', pageTabname: '补充' })).status).toBe(400);
    expect(await count('mat_wf_page_configure')).toBe(before);
    const page = await post(a, `${A}/matWfPageConfigure/cusPage`, { param: { flag: 'handle' }, current: 1, size: 10 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(5);
  });
});

describe('custom handlers', () => {
  it('save creates, update changes, each refusing the other’s body; cusPage finds them', async () => {
    const [auditor] = await t.db.query<{ id: string }>(
      "select id::text from blade_user where tenant_id = '100001' and account = 'auditor'",
    );
    const body = { elementId: '1903000000000000132', handlerName: '入户调查组', userIds: auditor.id };
    expect((await post(a, `${A}/matWfCustomHandler/update`, body)).status).toBe(400);
    const saved = await post(a, `${A}/matWfCustomHandler/save`, body);
    expect(saved.status).toBe(200);
    expect((await post(a, `${A}/matWfCustomHandler/save`, { ...body, id: saved.body.data.id })).status).toBe(400);
    const updated = await post(a, `${A}/matWfCustomHandler/update`, { ...body, id: saved.body.data.id, handlerName: '入户调查小组' });
    expect(updated.body.data.handlerName).toBe('入户调查小组');
    const page = await post(a, `${A}/matWfCustomHandler/cusPage`, { param: { elementId: '1903000000000000132' } });
    expect(page.body.data.records.map((r: { handlerName: string }) => r.handlerName)).toEqual(['入户调查小组']);
    // Users of another tenant cannot be named.
    expect((await post(b, `${A}/matWfCustomHandler/save`, body)).status).toBe(400);
  });
});

describe('field rights', () => {
  it('lists a step’s rights and replaces them as a whole; a bad row changes nothing', async () => {
    const url = `${A}/matWfElementPermission/cusList?elementId=1903000000000000113`;
    const seeded = (await get(a, url)).body.data;
    expect(seeded.find((r: { fieldName: string }) => r.fieldName === 'rescueAmount').permission).toBe(3);
    const formId = '1902000000000000011';
    const bad = await post(a, `${A}/matWfElementPermission/saveBatch`, {
      elementId: '1903000000000000113',
      formId,
      fields: [
        { fieldName: 'ok', permission: 1 },
        { fieldName: 'bad name', permission: 1 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('第2行');
    const dup = await post(a, `${A}/matWfElementPermission/saveBatch`, {
      elementId: '1903000000000000113',
      formId,
      fields: [
        { fieldName: 'x', permission: 1 },
        { fieldName: 'x', permission: 2 },
      ],
    });
    expect(dup.status).toBe(400);
    expect((await get(a, url)).body.data).toHaveLength(seeded.length);
    const saved = await post(a, `${A}/matWfElementPermission/saveBatch`, {
      elementId: '1903000000000000113',
      formId,
      fields: [
        { fieldName: 'applicantName', fieldLabel: '申请人姓名', permission: 1 },
        { fieldName: 'rescueAmount', fieldLabel: '救助金额', permission: 3 },
      ],
    });
    expect(saved.status).toBe(200);
    expect((await get(a, url)).body.data.map((r: { fieldName: string; permission: number }) => [r.fieldName, r.permission])).toEqual([
      ['applicantName', 1],
      ['rescueAmount', 3],
    ]);
    expect((await get(b, url)).body.data).toEqual([]);
  });
});
