import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WarnJob } from '../src/modules/approve/warn-job.ts';
import { signaturePng } from '../src/modules/signing/fixtures/signature-png.ts';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { applicant, approveCalls, dropApplies, idCard, pass } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The seeded 困境儿童认定 as a demo of a publicity period: 乡镇受理 → 入户调查评估 (signed twice) →
// 乡镇审核 → 公示 (automatic suspension for 5 working days) → 县级认定. Entering 公示 suspends the
// application; its handler resumes it (or the warning job does when the period ends) and submits
// it to the county. The runtime's clock is moved, never slept on.

const ITEM = '1901000000000000003';
const SURVEY = '1903000000000000132';
let t: TestApp;
let admin: TestUser;
let cw: TestUser;
let auditor: TestUser;
let c: ReturnType<typeof approveCalls>;
const made: string[] = [];
const at = (local: string) => new Date(`${local}+08:00`);
const png = `data:image/png;base64,${signaturePng().toString('base64')}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  cw = await t.as('caseworker', '100001');
  auditor = await t.as('auditor', '100001');
  c = approveCalls(t);
});
afterAll(async () => {
  if (t) workflowOf(t.app.ctx).clock = () => new Date();
  if (t) await dropApplies(t, made);
  await t?.close();
});

const state = async (id: string) =>
  (
    await t.db.query<{ s: string; cur: string; paused: number }>(
      'select apply_status as s, real_cur_activity_name as cur, suspended_days as paused from biz_apply where id = $1',
      [id],
    )
  )[0];

async function registerChild() {
  const res = await c.register(admin, {
    itemId: ITEM,
    formData: {
      childName: '李小花',
      childIdCard: idCard('11010120160405122'),
      guardianName: '李四',
      phone: '13800138001',
      householdType: '1',
      address: '某县某镇某村2号',
      situation: ['2'],
      familyMembers: 3,
      familyInfo: '祖母，68岁，无收入',
      reason: '父亲重病，家庭经济困难',
    },
    applicant: applicant({ applicantName: '李四' }),
    members: [],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  made.push(res.body.data.id);
  return res.body.data.id as string;
}

/** 入户调查评估 is submitted once its assessment is signed twice (the seeded signing element). */
async function signSurvey(u: TestUser, applyId: string) {
  const doc = await c.post(u, '/demoMaterials/doCreateSignPdf', { applyId, elementId: SURVEY });
  expect(doc.status, JSON.stringify(doc.body)).toBe(200);
  for (let i = 0; i < 2; i++) {
    const signed = await c.post(u, '/demoMaterials/signed', { applyId, docId: doc.body.data.id, image: png });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  }
}

async function toPublicity() {
  const id = await registerChild();
  expect((await pass(t, cw, id, 'accept')).status).toBe(200);
  const survey = await c.taskOf(cw, id);
  expect(survey?.realCurActivityName).toBe('入户调查评估');
  await c.get(cw, `/demoTodo/doClaim?taskId=${survey?.taskId}`);
  await signSurvey(cw, id);
  const surveyed = await pass(t, cw, id, 'submit');
  expect(surveyed.status, JSON.stringify(surveyed.body)).toBe(200);
  expect(surveyed.body.data.realCurActivityName).toBe('乡镇审核');
  const reviewed = await pass(t, auditor, id, 'agree');
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
  return { id, reviewed };
}

describe('困境儿童认定: the publicity step (公示) suspends itself', () => {
  it('reaches 公示 suspended for 5 working days; the period ends by itself and the handler submits it to 县级认定', async () => {
    const rt = workflowOf(t.app.ctx);
    // Mon 16 Nov 2026: five working days end on Mon 23 Nov.
    rt.clock = () => at('2026-11-16T09:00:00');
    const { id, reviewed } = await toPublicity();
    expect(reviewed.body.data).toMatchObject({ status: 'SUSPENDED', realCurActivityName: '公示' });
    const [sus] = await t.db.query<{ kind: string; planned: string; reason: string }>(
      `select kind, reason, to_char(planned_end at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as planned
         from biz_apply_suspension where apply_id = $1`,
      [id],
    );
    expect(sus).toEqual({ kind: 'auto', planned: '2026-11-23 09:00', reason: '公示：自动挂起5个工作日' });
    // In the handler's todo list with warnState 3 (挂起); the step's buttons wait for the period's end.
    const row = await c.taskOf(cw, id);
    expect(row).toMatchObject({ realCurActivityName: '公示', warnState: 3, status: 'SUSPENDED' });
    const buttons = await c.get(cw, `/demoOpinion/getCurBtns?applyId=${id}&taskId=${row?.taskId}`);
    expect(buttons.body.data.map((b: { name: string; action: string }) => [b.name, b.action])).toEqual([
      ['公示无异议', 'pass'],
      ['退回', 'back'],
    ]);
    const early = await c.post(cw, '/demoOpinion/submit', { applyId: id, taskId: row?.taskId, buttonId: 'submit', content: '无异议' });
    expect([early.status, early.body.msg]).toEqual([409, '办件已挂起，请先恢复']);

    const job = new WarnJob(rt);
    rt.clock = () => at('2026-11-20T18:00:00');
    await job.runOnce();
    expect((await state(id)).s).toBe('SUSPENDED');
    rt.clock = () => at('2026-11-23T09:30:00');
    await job.runOnce();
    expect(await state(id)).toMatchObject({ s: 'IN_PROGRESS', cur: '公示', paused: 5 });
    expect(await c.taskOf(cw, id)).toMatchObject({ realCurActivityName: '公示', warnState: 0 });
    const submitted = await pass(t, cw, id, 'submit', { content: '公示期内无异议' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'IN_PROGRESS', realCurActivityName: '县级认定' });
    expect((await c.taskOf(admin, id))?.realCurActivityName).toBe('县级认定');
  });

  it('a candidate of the unclaimed 公示 task may resume it early (a suspended task cannot be claimed); others may not', async () => {
    const rt = workflowOf(t.app.ctx);
    rt.clock = () => at('2026-11-16T09:00:00');
    const { id } = await toPublicity();
    const row = await c.taskOf(cw, id);
    const claim = await c.get(cw, `/demoTodo/doClaim?taskId=${row?.taskId}`);
    expect([claim.status, claim.body.msg]).toEqual([409, '办件已挂起，请先恢复']);
    rt.clock = () => at('2026-11-20T10:00:00');
    const resume = (u: TestUser) => c.post(u, '/demoApply/handleTask', { applyId: id, taskId: row?.taskId, action: 'resume' });
    const other = await resume(auditor);
    expect([other.status, other.body.msg]).toEqual([403, '只有挂起人或当前办理人可以恢复']);
    const resumed = await resume(cw);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(await state(id)).toMatchObject({ s: 'IN_PROGRESS', cur: '公示', paused: 4 });
    const submitted = await pass(t, cw, id, 'submit', { content: '公示期内无异议' });
    expect(submitted.body.data).toMatchObject({ status: 'IN_PROGRESS', realCurActivityName: '县级认定' });
  });
});
