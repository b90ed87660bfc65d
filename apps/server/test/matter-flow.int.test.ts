import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { demoXml } from '../src/seed/matter/flow-models.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { upload } from './helpers/workflow.ts';

// Workflow versions, step configuration, transactors and gateway conditions of the seeded demo
// matters, and what the runtime does with them.

let t: TestApp;
let admin: TestUser;
let caseworker: TestUser;
const A = '/api/dw-matter';
const ITEM = '1901000000000000001';
const V1 = '1903000000000000001';
let defId: string;
/** A condition in the workflow's expression language: `${text}`. */
const cond = (text: string) => ['$', '{', text, '}'].join('');

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
  const [d] = await t.db.query<{ id: string }>(
    `select id::text from wf_definition where tenant_id = '100001' and process_key = 'mat_lsjz'`,
  );
  defId = d.id;
});
afterAll(async () => {
  // Leave the seeded versions unused, as found.
  if (t && defId) {
    const mine = 'select id from wf_instance where definition_id = $1';
    await t.db.query(`delete from wf_task_candidate where task_id in (select id from wf_task where instance_id in (${mine}))`, [defId]);
    for (const table of ['wf_task', 'wf_history', 'wf_token', 'wf_scope', 'wf_job', 'wf_notice', 'wf_cc']) {
      await t.db.query(`delete from ${table} where instance_id in (${mine})`, [defId]);
    }
    await t.db.query('delete from wf_instance where definition_id = $1', [defId]);
  }
  await t?.close();
});

const get = (url: string) => t.call(admin, { method: 'GET', url });
const post = (url: string, payload?: object) => t.call(admin, { method: 'POST', url, payload });
const counts = async () =>
  (
    await t.db.query<Record<string, number>>(
      `select (select count(*)::int from mat_wf_version where is_deleted = 0) as versions, (select count(*)::int from mat_wf_element where is_deleted = 0) as steps,
              (select count(*)::int from mat_wf_element_transactor where is_deleted = 0) as transactors,
              (select count(*)::int from mat_wf_element_gateway_condition where is_deleted = 0) as conditions, (select count(*)::int from wf_instance) as instances`,
    )
  )[0];

async function start(amount: number, versionId = V1) {
  return workflowOf(t.app.ctx).start({
    tenantId: '100001',
    definitionId: defId,
    starter: admin.userId,
    starterName: '租户管理员',
    starterDept: null,
    variables: { amountRequested: amount, matWfVersionId: versionId },
  });
}
const openTask = async (instanceId: string) =>
  (
    await t.db.query<{ id: string; node: string }>(
      `select id::text, node_id as node from wf_task where instance_id = $1 and status = 'open'`,
      [instanceId],
    )
  )[0];

describe('the seeded versions', () => {
  it('answers the enabled version, the next code, the definition, the step forms and the step states', async () => {
    expect((await get(`${A}/matWfVersion/getCurEnableVersion?itemId=${ITEM}`)).body.data).toMatchObject({
      id: V1,
      versionCode: 'V1',
      flowDefId: defId,
    });
    expect((await get(`${A}/matWfVersion/getNextVersion?itemId=${ITEM}`)).body.data).toBe('V2');
    const def = (await get(`${A}/matWfVersion/getProcdefByVersionId?versionId=${V1}`)).body.data;
    expect(def).toMatchObject({ id: defId, key: 'mat_lsjz' });
    expect(def.xml).toContain('amountGateway');
    const forms = (await get(`${A}/matWfVersion/getCusFormByVersionId?versionId=${V1}`)).body.data;
    expect(forms.map((f: { userTaskName: string }) => f.userTaskName)).toEqual(['乡镇受理', '调查核实', '县级审批', '乡镇审批']);
    const els = (await get(`${A}/matWfElement/getVersionElements?versionId=${V1}`)).body.data;
    const states = Object.fromEntries(els.steps.map((s: { userTaskId: string; configured: boolean }) => [s.userTaskId, s.configured]));
    expect(states).toEqual({ apply: false, accept: true, investigate: true, countyApprove: true, townApprove: true });
    expect(els.gateways[0].flows.find((f: { id: string }) => f.id === 'flow_county').condition).toBe(cond('amountRequested > 1000'));
  });

  it('lists the tenant definitions for the picker', async () => {
    const list = (await get(`${A}/dwCommonProcess/definitionList`)).body.data;
    expect(list.map((d: { key: string }) => d.key)).toEqual(expect.arrayContaining(['mat_lsjz', 'mat_gejbshf', 'mat_kjetrd']));
    expect((await get(`${A}/dwCommonProcess/actReProcdef/getById?id=${defId}`)).body.data.key).toBe('mat_lsjz');
    expect((await post(`${A}/dwCommonProcess/getLatestDeploy`, { processKey: 'mat_lsjz' })).body.data.id).toBe(defId);
  });
});

describe('refusals that change nothing', () => {
  it('refuses overlapping dates, a missing start date, another tenant definition, incomplete steps and bad conditions', async () => {
    const before = await counts();
    const overlap = await post(`${A}/matWfVersion/submit`, { itemId: ITEM, flowDefId: defId, versionCode: 'V9', startTime: '2026-06-01' });
    expect(overlap.status).toBe(400);
    expect(overlap.body.msg).toBe('该事项在2026-01-01至长期已有启用的版本V1，日期范围不能重叠');
    expect((await post(`${A}/matWfVersion/submit`, { itemId: ITEM, flowDefId: defId, versionCode: 'V9' })).body.msg).toContain(
      '请选择开始日期',
    );
    const [leave] = await t.db.query<{ id: string }>(`select id::text from wf_definition where tenant_id = '000000' limit 1`);
    const foreign = await post(`${A}/matWfVersion/submit`, {
      itemId: ITEM,
      flowDefId: leave.id,
      versionCode: 'V8',
      startTime: '2020-01-01',
      endTime: '2020-12-31',
    });
    expect([foreign.status, foreign.body.msg]).toEqual([400, '流程定义不存在']);
    const step = { versionId: V1, userTaskId: 'accept', handleFromSetting: 'x', timeLimitWarning: 1, timeLimitUserTask: 2 };
    expect((await post(`${A}/matWfElement/submit`, step)).body.msg).toContain('请选择PC管理端表单');
    expect((await post(`${A}/matWfElement/submit`, { ...step, basicForm: '1', userTaskId: 'nope' })).body.msg).toBe('流程中没有环节nope');
    const el = '1903000000000000112';
    const bad = await post(`${A}/matWfElementGatewayCondition/submit`, {
      elementId: el,
      sequenceFlowId: 'flow_town',
      gatewayConditionInfo: cond('amount >'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('flow_town');
    const noFlow = await post(`${A}/matWfElementGatewayCondition/submit`, {
      elementId: el,
      sequenceFlowId: 'flow_x',
      gatewayConditionInfo: cond('amount > 1'),
    });
    expect(noFlow.body.msg).toBe('流程中没有连线flow_x');
    const role = await post(`${A}/matWfElementTransactor/submit`, { elementId: el, transactorType: 2, transactorInfo: 'nobody' });
    expect([role.status, role.body.msg]).toEqual([400, '角色不存在']);
    expect(await counts()).toEqual(before);
  });
});

describe('at run time', () => {
  beforeAll(async () => {
    // The applicant's step comes unconfigured: configure it with two transactors.
    const step = await post(`${A}/matWfElement/submit`, {
      versionId: V1,
      userTaskId: 'apply',
      basicForm: '1902000000000000011',
      handleFromSetting: 'apply',
      timeLimitWarning: 1,
      timeLimitUserTask: 1,
    });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    expect(step.body.data.itemId).toBe(ITEM);
    for (const [transactorType, transactorInfo] of [
      [2, 'caseworker'],
      [3, admin.userId],
    ]) {
      const added = await post(`${A}/matWfElementTransactor/submit`, { elementId: step.body.data.id, transactorType, transactorInfo });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const [c] = await t.db.query<{ id: string }>(
      `select id::text from mat_wf_element_gateway_condition where sequence_flow_id = 'flow_county' and is_deleted = 0`,
    );
    const saved = await post(`${A}/matWfElementGatewayCondition/submit`, {
      id: c.id,
      gatewayConditionInfo: cond('amountRequested > 5000'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('uses the configured gateway condition before the model one', async () => {
    const id = await start(3000); // the model alone would send 3000 to the county
    for (const node of ['apply', 'accept', 'investigate']) {
      const task = await openTask(id);
      expect(task.node).toBe(node);
      const done = await t.call(caseworker, {
        method: 'POST',
        url: '/api/blade-flow/work/complete-task',
        payload: { taskId: task.id, flag: 'ok' },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }
    expect((await openTask(id)).node).toBe('townApprove');
  });

  it('gives a task exactly the step transactors as candidates', async () => {
    const id = await start(10);
    const task = await openTask(id);
    expect(task.node).toBe('apply');
    const cands = await t.db.query<{ kind: string; value: string }>(
      'select kind, value from wf_task_candidate where task_id = $1 order by kind',
      [task.id],
    );
    expect(cands).toEqual([
      { kind: 'role', value: 'caseworker' },
      { kind: 'user', value: admin.userId },
    ]);
    const [row] = await t.db.query<{ assignee: string | null }>('select assignee from wf_task where id = $1', [task.id]);
    expect(row.assignee).toBeNull();
  });
});

describe('a version in use', () => {
  let v2: string;
  it('is not edited; cusSave copies it with its steps to the next version', async () => {
    const refused = await post(`${A}/matWfVersion/submit`, { id: V1, note: '改' });
    expect([refused.status, refused.body.msg]).toEqual([400, '该版本已有办件使用，不能修改，请保存为新版本']);
    expect((await post(`${A}/matWfElement/submit`, { id: '1903000000000000111', timeLimitUserTask: 9 })).status).toBe(400);
    const copy = await post(`${A}/matWfVersion/cusSave`, { id: V1, startTime: '2026-07-01', note: '第二版' });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    v2 = copy.body.data.id;
    expect(copy.body.data).toMatchObject({ versionCode: 'V2', startTime: '2026-07-01', flowDefId: defId, note: '第二版' });
    expect((await get(`${A}/matWfVersion/detail?id=${V1}`)).body.data.endTime).toBe('2026-06-30');
    const els = (await get(`${A}/matWfElement/getVersionElements?versionId=${v2}`)).body.data;
    expect(els.steps.filter((s: { configured: boolean }) => s.configured)).toHaveLength(5);
    expect(els.gateways[0].flows.find((f: { id: string }) => f.id === 'flow_county').condition).toBe(cond('amountRequested > 5000'));
    expect((await post(`${A}/matWfVersion/deleteVersion?versionId=${V1}`)).body.msg).toBe('该版本已有办件使用，不能删除');
  });

  it('moves running instances only when every active step exists in the target', async () => {
    const xml = demoXml({ key: 'mat_lsjz', name: '临时救助申请', steps: [{ id: 'receive', name: '受理' }] });
    const up = await upload(t, admin, 'mat_lsjz.bpmn20.xml', xml);
    expect((await post(`${A}/matWfVersion/submit`, { id: v2, flowDefId: up.body.data[0].id })).status).toBe(200);
    const before = await counts();
    const refused = await post(`${A}/matWfVersion/doChangeProcess`, { versionId: V1, targetVersionId: v2 });
    expect([refused.status, refused.body.msg]).toEqual([400, '目标版本V2中没有环节“乡镇审批”(townApprove)，不能切换']);
    expect(await counts()).toEqual(before);
    const [orig] = await t.db.query<{ xml: string }>('select xml from wf_definition where id = $1', [defId]);
    const again = await upload(t, admin, 'mat_lsjz.bpmn20.xml', orig.xml);
    const target = again.body.data[0].id;
    expect((await post(`${A}/matWfVersion/submit`, { id: v2, flowDefId: target })).status).toBe(200);
    const moved = await post(`${A}/matWfVersion/doChangeProcess`, { versionId: V1, targetVersionId: v2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.moved).toBeGreaterThan(0);
    const left = await t.db.query(`select 1 from wf_instance where status = 'active' and definition_id = $1`, [defId]);
    expect(left).toHaveLength(0);
    const onTarget = await t.db.query<{ v: string }>(`select vars->>'matWfVersionId' as v from wf_instance where definition_id = $1`, [
      target,
    ]);
    expect(onTarget.every((r) => r.v === v2)).toBe(true);
  });

  it('deletes an unused version with its steps', async () => {
    const v = await post(`${A}/matWfVersion/submit`, {
      itemId: ITEM,
      flowDefId: defId,
      versionCode: 'V7',
      startTime: '2021-01-01',
      endTime: '2021-12-31',
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    const el = await post(`${A}/matWfElement/submit`, {
      versionId: v.body.data.id,
      userTaskId: 'accept',
      basicForm: '1',
      handleFromSetting: 'x',
      timeLimitWarning: 1,
      timeLimitUserTask: 2,
    });
    expect(el.status, JSON.stringify(el.body)).toBe(200);
    expect((await post(`${A}/matWfVersion/deleteVersion?versionId=${v.body.data.id}`)).status).toBe(200);
    expect((await get(`${A}/matWfElement/detail?id=${el.body.data.id}`)).status).toBe(404);
  });
});
