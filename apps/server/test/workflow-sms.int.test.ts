import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPoller } from '../src/modules/workflow/poller.ts';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { process, upload } from './helpers/workflow.ts';

// A step that asks for SMS (`civ:sms="true"`) has its new tasks' people sent one through the
// tenant's enabled SMS setting, after the command, by the poller; a step that does not ask sends none.

const T = '100001';
let t: TestApp;
let admin: TestUser;
let caseworker: TestUser;
let auditor: TestUser;
let definitionId: string;

const SMS_STEPS = process(
  'SmsSteps',
  '短信通知',
  `<startEvent id="s"/>
   <userTask id="review" name="审核" flowable:candidateGroups="caseworker,auditor" civ:sms="true"/>
   <userTask id="quiet" name="复核" flowable:candidateGroups="caseworker"/>
   <endEvent id="e"/>
   <sequenceFlow id="a" sourceRef="s" targetRef="review"/>
   <sequenceFlow id="b" sourceRef="review" targetRef="quiet"/>
   <sequenceFlow id="c" sourceRef="quiet" targetRef="e"/>`,
);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', T);
  caseworker = await t.as('caseworker', T);
  auditor = await t.as('auditor', T);
  const res = await upload(t, admin, 'sms.bpmn20.xml', SMS_STEPS);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  definitionId = res.body.data[0].id;
  // The caseworker has a phone, the auditor none.
  await t.db.query('update blade_user set phone = $2 where id = $1', [caseworker.userId, '13800138000']);
  await t.db.query('update blade_user set phone = null where id = $1', [auditor.userId]);
});
afterAll(() => t?.close());

const start = () =>
  workflowOf(t.app.ctx).start({ tenantId: T, definitionId, starter: admin.userId, starterName: '管理员', starterDept: null });
// Only the two demo users: on PostgreSQL other test files have added more caseworkers and auditors.
const states = (instanceId: string) =>
  t.db.query<{ user_id: string; sms_state: string | null; title: string }>(
    'select user_id, sms_state, title from wf_notice where instance_id = $1 and user_id = any($2) order by user_id',
    [instanceId, [caseworker.userId, auditor.userId]],
  );
const records = async () =>
  (await t.db.query<{ phones: string; params: string }>('select phones, params from blade_sms_record where tenant_id = $1', [T])).filter(
    (r) => r.params.includes('审核'),
  );
const poller = () => new JobPoller(workflowOf(t.app.ctx));

describe('task SMS', () => {
  it('without an enabled SMS setting the notices are settled as noconfig and nothing is sent', async () => {
    await t.db.query('update blade_sms set status = 1 where tenant_id = $1', [T]);
    const id = await start();
    expect((await states(id)).map((r) => r.sms_state)).toEqual(['pending', 'pending']);
    expect(await poller().sendSmsOnce()).toBeGreaterThanOrEqual(2);
    expect((await states(id)).map((r) => r.sms_state)).toEqual(['noconfig', 'noconfig']);
  });

  it('sends through the enabled setting to those with a phone, once, after the command', async () => {
    const saved = await t.call(admin, {
      method: 'POST',
      url: '/api/blade-resource/sms/submit',
      payload: { smsCode: 'wf-notice', name: '流程通知', category: 0, templateId: 'TPL_TASK', signName: '民政' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const enabled = await t.call(admin, { method: 'POST', url: `/api/blade-resource/sms/enable?id=${saved.body.data.id}` });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const mine = async () => (await records()).filter((r) => r.phones === '13800138000');
    const before = (await mine()).length;
    const id = await start();
    const p = poller();
    // Two copies polling at once settle each notice once.
    const [x, y] = await Promise.all([p.sendSmsOnce(), poller().sendSmsOnce()]);
    expect(x + y).toBeGreaterThanOrEqual(2);
    const rows = await states(id);
    expect(rows.find((r) => r.user_id === caseworker.userId)?.sms_state).toBe('sent');
    expect(rows.find((r) => r.user_id === auditor.userId)?.sms_state).toBe('nophone');
    const sent = await mine();
    expect(sent).toHaveLength(before + 1);
    expect(sent.map((r) => JSON.parse(r.params))).toContainEqual({ title: '待签：审核' });
    expect(await p.sendSmsOnce()).toBe(0);
  });

  it('a step that does not ask sends none', async () => {
    const id = await start();
    await poller().sendSmsOnce();
    const [task] = await t.db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [id]);
    const claimed = await t.call(caseworker, { method: 'POST', url: `/api/blade-flow/work/claim-task?taskId=${task.id}` });
    expect(claimed.status).toBe(200);
    const done = await t.call(caseworker, {
      method: 'POST',
      url: '/api/blade-flow/work/complete-task',
      payload: { taskId: task.id, comment: '同意' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const quiet = (await states(id)).filter((r) => r.title === '待签：复核');
    expect(quiet.length).toBeGreaterThan(0);
    expect(quiet.every((r) => r.sms_state === null)).toBe(true);
  });
});
