import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

let t: TestApp;
let b: TestUser;
let a: TestUser;
const CAT = '/api/dw-matter/matintCatalogueType';
const EL = '/api/dw-matter/matIntElement';
const SOCIAL = '1900000000000000001';
const LSJZ = '1901000000000000001';

const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int n from ${table} where is_deleted = 0`))[0].n;
const post = (u: TestUser, url: string, payload: object) => t.call(u, { method: 'POST', url, payload });
const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url });

beforeAll(async () => {
  t = await buildTestApp();
  // Another tenant (the platform administrator reads across tenants, so it cannot stand for one).
  b = await t.newTenant('300001');
  a = await t.as('admin', '100001');
});
afterAll(() => t?.close());

describe('catalogue types', () => {
  it('answers the seeded tree, the launch tree and a saved row', async () => {
    const tree = await get(a, `${CAT}/tree`);
    expect(tree.body.data.map((n: { title: string }) => n.title)).toEqual(expect.arrayContaining(['社会救助', '儿童福利']));
    const saved = await post(a, `${CAT}/cusSubmit`, { catalogueName: '养老服务', catalogueCode: 'YLFW', orderNum: '3', isStart: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ catalogueName: '养老服务', catalogueCode: 'YLFW', orderNum: 3, isSystem: 0 });
    const start = await get(a, `${CAT}/cusStartTree`);
    const titles = start.body.data.map((n: { title: string }) => n.title);
    expect(titles).toContain('社会救助');
    expect(titles).not.toContain('养老服务');
    const list = await get(a, `${CAT}/list`);
    expect(list.body.data.some((n: { catalogueName: string }) => n.catalogueName === '养老服务')).toBe(true);
  });

  it('refuses bad input with the spec messages', async () => {
    const before = await count('mat_int_catalogue_type');
    const noName = await post(a, `${CAT}/cusSubmit`, { catalogueCode: 'X1' });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toContain('请输入目录名称');
    const order = await post(a, `${CAT}/cusSubmit`, { catalogueName: 'x', catalogueCode: 'X2', orderNum: 'a1' });
    expect(order.body.msg).toContain('排序只能输入数字');
    const long = await post(a, `${CAT}/cusSubmit`, { catalogueName: 'x', catalogueCode: 'X3', orderNum: '1234' });
    expect(long.body.msg).toContain('排序最多3位数字');
    expect(await count('mat_int_catalogue_type')).toBe(before);
  });

  it('keeps built-in catalogues, catalogues with matters and catalogues with children', async () => {
    const before = await count('mat_int_catalogue_type');
    const builtIn = await t.call(a, { method: 'POST', url: `${CAT}/remove?ids=${SOCIAL}` });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.msg).toBe('系统内置数据不可删除');
    const cat = (await post(a, `${CAT}/cusSubmit`, { catalogueName: '婚姻登记', catalogueCode: 'HYDJ' })).body.data;
    const child = (await post(a, `${CAT}/cusSubmit`, { catalogueName: '结婚登记', catalogueCode: 'JHDJ', parentId: cat.id })).body.data;
    const withKids = await t.call(a, { method: 'POST', url: `${CAT}/remove?ids=${cat.id}` });
    expect(withKids.status).toBe(400);
    const item = await post(a, `${EL}/cusSave`, {
      itemName: '结婚登记',
      itemNo: 'JH-T1',
      itemType: '3',
      eventType: '1',
      catalogueType: child.id,
    });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    const used = await t.call(a, { method: 'POST', url: `${CAT}/remove?ids=${child.id}` });
    expect(used.status).toBe(400);
    expect(used.body.msg).toBe('该目录下存在事项，不能删除');
    expect(await count('mat_int_catalogue_type')).toBe(before + 2);
    expect((await t.call(a, { method: 'POST', url: `${EL}/remove?ids=${item.body.data.id}` })).status).toBe(200);
    expect((await t.call(a, { method: 'POST', url: `${CAT}/remove?ids=${child.id}` })).status).toBe(200);
    expect((await t.call(a, { method: 'POST', url: `${CAT}/remove?ids=${cat.id}` })).status).toBe(200);
  });
});

describe('matters', () => {
  it('pages by a JSON body, saves, updates and refuses duplicates and other tenants', async () => {
    const page = await post(a, `${EL}/cusPage`, { param: { itemName: '临时' }, current: 1, size: 10 });
    expect(page.body.data.records.map((r: { itemNo: string }) => r.itemNo)).toEqual(['LSJZ-001']);
    const before = await count('mat_int_element');
    const dup = await post(a, `${EL}/cusSave`, { itemName: '重复', itemNo: 'LSJZ-001', itemType: '2', eventType: '2' });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toContain('已存在');
    const missing = await post(a, `${EL}/cusSave`, { itemNo: 'N-1', itemType: '2', eventType: '2' });
    expect(missing.body.msg).toContain('请输入事项名称');
    const digits = await post(a, `${EL}/cusSave`, { itemName: 'x', itemNo: 'N-2', itemType: '2', eventType: '2', deadlineLegal: '1o' });
    expect(digits.status).toBe(400);
    const foreignCat = (await post(b, `${CAT}/cusSubmit`, { catalogueName: '平台目录', catalogueCode: 'PT' })).body.data;
    const foreign = await post(a, `${EL}/cusSave`, {
      itemName: 'x',
      itemNo: 'N-3',
      itemType: '2',
      eventType: '2',
      catalogueType: foreignCat.id,
    });
    expect(foreign.status).toBe(400);
    const withId = await post(a, `${EL}/cusSave`, { id: LSJZ, itemName: 'x', itemNo: 'N-4', itemType: '2', eventType: '2' });
    expect(withId.status).toBe(400);
    expect(await count('mat_int_element')).toBe(before);
    const upd = await post(a, `${EL}/cusUpdate`, {
      id: LSJZ,
      itemName: '临时救助申请',
      itemNo: 'LSJZ-001',
      itemType: '2',
      eventType: '2',
      deadlinePromise: 9,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data.deadlinePromise).toBe(9);
    expect((await post(a, `${EL}/cusUpdate`, { itemName: 'x' })).status).toBe(400);
    expect((await post(a, `${EL}/cusUpdate`, { id: '123', itemName: 'x', itemNo: 'Q', itemType: '2', eventType: '2' })).status).toBe(404);
    // Another tenant cannot see the demo tenant's matter.
    expect((await get(b, `${EL}/getWithFormInfo?id=${LSJZ}`)).status).toBe(404);
  });

  it('answers form bindings, switches status and pages enabled matters of a catalogue', async () => {
    const info = await get(a, `${EL}/getWithFormInfo?id=${LSJZ}`);
    expect(info.status).toBe(200);
    expect(info.body.data.itemName).toBe('临时救助申请');
    expect(info.body.data.formInfo.map((f: { field: string }) => f.field)).toEqual([
      'defaultForm',
      'publicFormPc',
      'detailForm',
      'defaultFormWeixin',
      'manageFormWeixin',
    ]);
    const mine = async () => (await post(a, `${EL}/getMyMatterPageByCatalogueId`, { catalogueId: SOCIAL, current: 1, size: 10 })).body.data;
    expect((await mine()).records.map((r: { id: string }) => r.id)).toEqual([LSJZ]);
    const off = await post(a, `${EL}/updateItemStatus`, { id: LSJZ, itemStatus: 0 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await mine()).total).toBe(0);
    expect((await post(a, `${EL}/updateItemStatus`, { id: LSJZ, itemStatus: 5 })).status).toBe(400);
    expect((await post(a, `${EL}/updateItemStatus`, { id: '1', itemStatus: 1 })).status).toBe(404);
    expect((await post(b, `${EL}/updateItemStatus`, { id: LSJZ, itemStatus: 1 })).status).toBe(404);
    await post(a, `${EL}/updateItemStatus`, { ids: LSJZ, itemStatus: 1 });
    expect((await mine()).total).toBe(1);
    expect((await post(a, `${EL}/getMyMatterPageByCatalogueId`, { catalogueId: '42' })).status).toBe(404);
    expect((await post(b, `${EL}/getMyMatterPageByCatalogueId`, { catalogueId: SOCIAL })).status).toBe(404);
  });

  it('reads the guide by item and removes a matter with its parts', async () => {
    const guide = await get(a, `/api/dw-matter/matIntServiceInfo/detail?itemId=${LSJZ}`);
    expect(guide.body.data.content).toContain('服务对象');
    expect((await get(a, `/api/dw-matter/matIntServiceInfo/detail?id=${guide.body.data.id}`)).body.data.itemId).toBe(LSJZ);
    expect((await get(b, `/api/dw-matter/matIntServiceInfo/detail?itemId=${LSJZ}`)).status).toBe(404);
    const item = (await post(a, `${EL}/cusSave`, { itemName: '测试事项', itemNo: 'T-DEL', itemType: '7', eventType: '1' })).body.data;
    const cond = await post(a, '/api/dw-matter/matIntCondition/submit', { itemId: item.id, conditionInfo: '年满18周岁' });
    expect(cond.status).toBe(200);
    const noInfo = await post(a, '/api/dw-matter/matIntCondition/submit', { itemId: item.id });
    expect(noInfo.body.msg).toContain('请输入条件内容');
    expect((await t.call(a, { method: 'POST', url: `${EL}/remove?ids=${item.id}` })).status).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int n from mat_int_condition where item_id = $1 and is_deleted = 0', [
      item.id,
    ]);
    expect(n).toBe(0);
  });
});

describe('addresses, procedures, workdays', () => {
  it('checks the map point and the required fields', async () => {
    const base = {
      itemId: LSJZ,
      addressOrg: '民政局',
      addressName: '一楼',
      addressFloor: '1',
      phoneConsulting: '12345',
      phoneSupervise: '12345',
    };
    const before = await count('mat_int_address');
    const lng = await post(a, '/api/dw-matter/matIntAddress/submit', { ...base, coordLongitude: '200' });
    expect(lng.status).toBe(400);
    expect(lng.body.msg).toBe('经度应在-180到180之间');
    expect((await post(a, '/api/dw-matter/matIntAddress/submit', { ...base, coordLatitude: '-91' })).body.msg).toBe('纬度应在-90到90之间');
    expect((await post(a, '/api/dw-matter/matIntAddress/submit', { ...base, phoneSupervise: '' })).body.msg).toContain('请输入监督电话');
    expect(await count('mat_int_address')).toBe(before);
    const okRow = await post(a, '/api/dw-matter/matIntAddress/submit', { ...base, coordLongitude: '118.35', coordLatitude: '35.1' });
    expect(okRow.status, JSON.stringify(okRow.body)).toBe(200);
    const proc = await post(a, '/api/dw-matter/matIntProcedures/submit', {
      itemId: LSJZ,
      proceduresName: 'x'.repeat(31),
      proceduresContent: 'y',
    });
    expect(proc.status).toBe(400);
  });

  it('lets a tenant override the national calendar', async () => {
    const W = '/api/dw-matter/matIntWorkday';
    expect((await get(a, `${W}/isWorkday?date=2026-10-01`)).body.data).toMatchObject({
      workday: false,
      source: 'national',
      name: '国庆节',
    });
    expect((await post(a, `${W}/submit`, { workDate: '2026-10-01', isWorkday: 1, note: '值班受理' })).status).toBe(200);
    expect((await get(a, `${W}/isWorkday?date=2026-10-01`)).body.data).toMatchObject({ workday: true, source: 'tenant' });
    expect((await get(b, `${W}/isWorkday?date=2026-10-01`)).body.data.source).toBe('national');
    expect((await get(a, `${W}/isWorkday?date=2026-13-01`)).status).toBe(400);
    // A later entry for the same date decides.
    expect((await post(a, `${W}/submit`, { workDate: '2026-10-01', isWorkday: 0 })).status).toBe(200);
    expect((await get(a, `${W}/isWorkday?date=2026-10-01`)).body.data).toMatchObject({ workday: false, source: 'tenant' });
  });
});

describe('formulas and surveys', () => {
  const F = '/api/blade-formula/comFormul';
  const S = '/api/blade-formula/comSurvey';
  const fields = JSON.stringify([
    { field: 'income', label: '家庭人均月收入', type: 'number', required: true },
    {
      field: 'housing',
      label: '住房情况',
      type: 'choice',
      options: [
        { value: 'own', label: '自有住房', score: 0 },
        { value: 'none', label: '无房', score: 20 },
      ],
    },
  ]);

  it('refuses a formula that does not parse, naming it', async () => {
    const before = await count('com_formul');
    const bad = await post(a, `${F}/submit`, { formulaName: '困难程度', formulaCode: 'KN-BAD', formulaContent: 'income * (' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('公式「困难程度」无法解析');
    const evil = await post(a, `${F}/submit`, {
      formulaName: '注入',
      formulaCode: 'KN-EVIL',
      formulaContent: 'constructor.constructor("x")()',
    });
    expect(evil.status).toBe(400);
    expect(await count('com_formul')).toBe(before);
    expect((await get(a, `${F}/page?formulaName=困难`)).status).toBe(200);
  });

  it('checks a formula against the survey, scores answers and maps the score to a level', async () => {
    const formula = (
      await post(a, `${F}/submit`, { formulaName: '困难评分', formulaCode: 'KN-1', formulaContent: 'max(0, 100 - income / 20) + housing' })
    ).body.data;
    const survey = await post(a, `${S}/submit`, {
      surveyName: '困难评估',
      surveyCode: 'KN-S1',
      surveyFields: fields,
      formulaId: formula.id,
    });
    expect(survey.status, JSON.stringify(survey.body)).toBe(200);
    const sid = survey.body.data.id;
    for (const [levelName, minScore, maxScore] of [
      ['一般', '0', '60'],
      ['困难', '60', '100'],
      ['特别困难', '100', ''],
    ]) {
      const lv = await post(a, '/api/blade-formula/conLevelCalc/submit', { surveyId: sid, levelName, minScore, maxScore });
      expect(lv.status, JSON.stringify(lv.body)).toBe(200);
    }
    expect(
      (await post(a, '/api/blade-formula/conLevelCalc/submit', { surveyId: sid, levelName: 'x', minScore: '9', maxScore: '1' })).status,
    ).toBe(400);
    expect((await get(a, `${S}/getFields?surveyId=${sid}`)).body.data.map((f: { field: string }) => f.field)).toEqual([
      'income',
      'housing',
    ]);
    const diy = await post(a, `${S}/diyCheck`, { surveyId: sid, formulaContent: 'income + housing' });
    expect(diy.body.data).toEqual({ valid: true, fields: ['income', 'housing'] });
    const unknown = await post(a, `${S}/diyCheck`, { surveyId: sid, formulaContent: 'income + age', formulaName: '年龄' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('age');
    const broken = await post(a, `${S}/diyCheck`, { surveyId: sid, formulaContent: 'income +', formulaName: '半截' });
    expect(broken.body.msg).toContain('公式「半截」无法解析');
    const check = await post(a, `${S}/check`, { surveyId: sid, answers: { income: 600, housing: 'none' } });
    expect(check.body.data).toMatchObject({ score: 90, level: '困难' });
    const top = await post(a, `${S}/check`, { surveyId: sid, answers: { income: '0', housing: 'none' } });
    expect(top.body.data).toMatchObject({ score: 120, level: '特别困难' });
    expect((await post(a, `${S}/check`, { surveyId: sid, answers: { housing: 'own' } })).body.msg).toBe('请回答「家庭人均月收入」');
    expect((await post(a, `${S}/check`, { surveyId: sid, answers: { income: 'abc' } })).status).toBe(400);
    expect((await post(a, `${S}/check`, { surveyId: sid, answers: { income: 1, housing: 'boat' } })).status).toBe(400);
    expect((await post(b, `${S}/check`, { surveyId: sid, answers: { income: 1 } })).status).toBe(404);
    const page = await get(a, `${S}/showPageSurvey?id=${sid}`);
    expect(page.body.data.levels).toHaveLength(3);
    expect(page.body.data.formula.formulaName).toBe('困难评分');
    const lazy = await get(a, `${S}/cusLazyList?parentId=0`);
    expect(lazy.body.data.some((n: { id: string }) => n.id === sid)).toBe(true);
    // A survey whose formula reads a field it does not ask is refused.
    const mismatch = await post(a, `${S}/submit`, { surveyName: 'x', surveyCode: 'KN-S2', surveyFields: '[]', formulaId: formula.id });
    expect(mismatch.status).toBe(400);
    expect((await post(a, `${S}/submit`, { surveyName: 'x', surveyCode: 'KN-S3', surveyFields: '{bad' })).body.msg).toBe(
      '问卷题目应为JSON数组',
    );
  });
});
