import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../src/modules/signing/fixtures/signature-png.ts';
import { approveCalls, dropApplies, pass, savePages } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Handling the seeded 孤儿基本生活费申领 (乡镇受理核实 caseworker → 县级审批 admin → 发放登记 auditor):
// claim races, required tabs, stale pages, next-user choice, acceptance, recall, return, the end.

let t: TestApp;
let clerk: TestUser;
let cw: TestUser;
let cw2: TestUser;
let admin: TestUser;
let auditor: TestUser;
let c: ReturnType<typeof approveCalls>;
const made: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  clerk = await t.as('admin', '100001');
  admin = clerk;
  cw = await t.as('caseworker', '100001');
  auditor = await t.as('auditor', '100001');
  await t.addUser('100001', 'approve_cw2', 'Passw0rd!2026', { roleAlias: 'caseworker' });
  cw2 = await t.as('approve_cw2', '100001');
  c = approveCalls(t);
});
afterAll(async () => {
  if (t) await dropApplies(t, made);
  await t?.close();
});

async function newApply() {
  const res = await c.register(clerk);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  made.push(res.body.data.id);
  return res.body.data.id as string;
}
const status = async (id: string) =>
  (
    await t.db.query<{ s: string; cur: string | null; prev: string | null; accepted: boolean }>(
      'select apply_status as s, real_cur_activity_name as cur, prev_activity_name as prev, accept_date is not null as accepted from biz_apply where id = $1',
      [id],
    )
  )[0];

describe('claim', () => {
  it('two candidates claiming at once: exactly one wins, the other is told 已被他人签收', async () => {
    const id = await newApply();
    const task = await c.taskOf(cw, id);
    expect(task?.claimed).toBe(false);
    const both = await Promise.all([cw, cw2].map((u) => c.get(u, `/demoTodo/doClaim?taskId=${task?.taskId}`)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.msg).toBe('已被他人签收');
    const winner = both[0].status === 200 ? cw : cw2;
    const loser = winner === cw ? cw2 : cw;
    expect((await c.taskOf(winner, id))?.claimed).toBe(true);
    // The claimed task left the other candidate's todo list.
    expect(await c.taskOf(loser, id)).toBeUndefined();
    // Releasing puts it back for every candidate.
    const rel = await c.post(winner, '/demoApply/handleTask', { applyId: id, taskId: task?.taskId, action: 'unclaim' });
    expect(rel.status, JSON.stringify(rel.body)).toBe(200);
    expect((await c.taskOf(loser, id))?.claimed).toBe(false);
  });

  it('a user who is no candidate cannot claim', async () => {
    const id = await newApply();
    const task = await c.taskOf(cw, id);
    const res = await c.get(auditor, `/demoTodo/doClaim?taskId=${task?.taskId}`);
    expect(res.status).toBe(403);
  });
});

describe('submit', () => {
  it('needs the claim and the saved tabs, refuses a stale page and next users outside the rules, then moves on', async () => {
    const id = await newApply();
    const task = (await c.taskOf(cw, id)) as { taskId: string; realCurActivityName: string };
    const body = { applyId: id, taskId: task.taskId, realCurActivityName: '乡镇受理核实', buttonId: 'accept', content: '材料齐全' };
    expect((await c.post(cw, '/demoOpinion/submit', body)).body.msg).toBe('请先签收任务');
    await c.get(cw, `/demoTodo/doClaim?taskId=${task.taskId}`);
    const unsaved = await c.post(cw, '/demoOpinion/submit', body);
    expect([unsaved.status, unsaved.body.msg]).toEqual([400, '请先保存：基本信息、申请材料']);
    const pages = await c.get(cw, `/demoTodo/getAllNonDealPages?applyId=${id}&taskId=${task.taskId}`);
    expect(pages.body.data.map((p: { pageTabname: string }) => p.pageTabname)).toEqual(['基本信息', '申请材料', '办理意见']);
    await savePages(t, cw, id, task.taskId);
    const stale = await c.post(cw, '/demoOpinion/submit', { ...body, realCurActivityName: '县级审批' });
    expect([stale.status, stale.body.msg]).toEqual([409, '办件已流转到下一环节，请刷新']);
    expect((await c.post(cw, '/demoOpinion/submit', { ...body, buttonId: 'nope' })).body.msg).toBe('该环节没有此按钮');

    const next = await c.get(cw, `/demoOpinion/getNextActUsers?applyId=${id}`);
    expect(next.body.data).toMatchObject({ end: false, activityId: 'approve', activityName: '县级审批' });
    const ids = next.body.data.users.map((u: { id: string }) => u.id);
    expect(ids).toContain(admin.userId);
    expect(ids).not.toContain(cw.userId);
    const wrong = await c.post(cw, '/demoOpinion/submit', { ...body, nextUsers: [cw.userId] });
    expect([wrong.status, wrong.body.msg]).toEqual([400, '所选办理人不在下一环节办理人范围内']);
    expect((await status(id)).s).toBe('SUBMITTED');

    const ok = await c.post(cw, '/demoOpinion/submit', { ...body, nextUsers: [admin.userId] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'IN_PROGRESS', realCurActivityName: '县级审批' });
    expect(await status(id)).toEqual({ s: 'IN_PROGRESS', cur: '县级审批', prev: '乡镇受理核实', accepted: true });
    // Only the chosen user is a candidate of the next step.
    const [cand] = await t.db.query<{ v: string }>(
      `select string_agg(value, ',') as v from wf_task_candidate where task_id = (select cur_task_id::bigint from biz_apply where id = $1)`,
      [id],
    );
    expect(cand.v).toBe(admin.userId);
    const ops = await c.get(cw, `/demoOpinion/getOpinionByApplyId?applyId=${id}`);
    expect(ops.body.data.map((o: { action: string; content: string }) => [o.action, o.content])).toEqual([['pass', '材料齐全']]);
    // The done list shows it to the caseworker, recallable while the next step is untouched.
    const done = await c.post(cw, '/demoTodo/getMyTodoDoneList', { current: 1, size: 100 });
    expect(done.body.data.records.find((r: { applyId: string }) => r.applyId === id)).toMatchObject({
      canRecall: true,
      activityName: '乡镇受理核实',
    });
  });
});

describe('opinions', () => {
  it('keeps a draft opinion of the save button apart, and drops it when the step is submitted', async () => {
    const id = await newApply();
    const task = (await c.taskOf(cw, id)) as { taskId: string };
    await c.get(cw, `/demoTodo/doClaim?taskId=${task.taskId}`);
    const btns = await c.get(cw, `/demoOpinion/getCurBtns?applyId=${id}`);
    expect(btns.body.data.map((b: { buttonId: string; action: string }) => [b.buttonId, b.action])).toEqual([
      ['save', 'save'],
      ['accept', 'pass'],
      ['supplement', 'supplement'],
      ['refuse', 'notAccept'],
    ]);
    const saved = await c.post(cw, '/demoOpinion/submit', { applyId: id, taskId: task.taskId, buttonId: 'save', content: '草稿意见' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await c.get(cw, `/demoOpinion/getCurOpinionByApplyId?applyId=${id}`)).body.data).toMatchObject({
      content: '草稿意见',
      action: 'save',
    });
    expect((await c.get(cw, `/demoOpinion/getCountByApplyId?applyId=${id}`)).body.data.count).toBe(0);
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    expect((await c.get(cw, `/demoOpinion/getCurOpinionByApplyId?applyId=${id}&taskId=${task.taskId}`)).body.data).toBeNull();
    const his = await c.get(cw, `/demoOpinion/getOpinionHisByApplyId?applyId=${id}`);
    expect(his.body.data).toEqual([
      expect.objectContaining({
        activityId: 'accept',
        activityName: '乡镇受理核实',
        opinions: [expect.objectContaining({ content: '同意', action: 'pass' })],
      }),
    ]);
    // Opinions are for the application's handlers only.
    expect((await c.get(auditor, `/demoOpinion/getOpinionByApplyId?applyId=${id}`)).status).toBe(403);
  });
});

describe('recall and return', () => {
  it('recalls only while the next step is untouched', async () => {
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    const r1 = await c.get(cw, `/demoTodo/doRecall?applyId=${id}`);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect((await status(id)).cur).toBe('乡镇受理核实');
    const mine = await c.taskOf(cw, id);
    expect(mine?.claimed).toBe(true);
    // A todo page past the end has no rows but still the total (counted on its own).
    const far = await c.get(cw, '/demoTodo/getMyTodoList?current=999&size=10');
    expect(far.body.data.records).toEqual([]);
    expect(far.body.data.total).toBeGreaterThan(0);
    // Recalled: the done list offers no second recall, and a second one is refused.
    const done = await c.post(cw, '/demoTodo/getMyTodoDoneList', { current: 1, size: 100 });
    expect(done.body.data.records.find((r: { applyId: string }) => r.applyId === id)?.canRecall).toBe(false);
    const twice = await c.get(cw, `/demoTodo/doRecall?applyId=${id}`);
    expect([twice.status, twice.body.msg]).toEqual([409, '该环节已撤回，请在待办中办理']);
    // Again, and this time the county saves its form before the caseworker tries to recall.
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    const next = (await c.taskOf(admin, id)) as { taskId: string };
    await c.get(admin, `/demoTodo/doClaim?taskId=${next.taskId}`);
    const saved = await c.post(admin, '/demoApply/update', {
      applyId: id,
      taskId: next.taskId,
      realCurActivityName: '县级审批',
      formData: { handleResult: '1', handleOpinion: '符合条件', handleDate: '2026-11-27' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The page shows the form it saves: the step's handling form, with what was saved.
    const shown = (await c.get(admin, `/demoApply/getFormInfo?applyId=${id}`)).body.data;
    expect(shown).toMatchObject({ formId: '1902000000000000012', data: { handleOpinion: '符合条件' } });
    const r2 = await c.get(cw, `/demoTodo/doRecall?applyId=${id}`);
    expect([r2.status, r2.body.msg]).toEqual([409, '下一环节已处理，无法撤回']);
    expect((await status(id)).cur).toBe('县级审批');
  });

  it('goes back to a visited step with a reason, to its previous handler', async () => {
    const id = await newApply();
    await pass(t, cw, id, 'accept');
    const task = (await c.taskOf(admin, id)) as { taskId: string };
    await c.get(admin, `/demoTodo/doClaim?taskId=${task.taskId}`);
    const noReason = await c.post(admin, '/demoApply/handleTask', {
      applyId: id,
      taskId: task.taskId,
      action: 'back',
      targetActivityId: 'accept',
    });
    expect([noReason.status, noReason.body.msg]).toEqual([400, '请填写退回原因']);
    const back = await c.post(admin, '/demoApply/handleTask', {
      applyId: id,
      taskId: task.taskId,
      action: 'back',
      targetActivityId: 'accept',
      reason: '材料不全',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await status(id)).cur).toBe('乡镇受理核实');
    expect(await c.taskOf(cw, id)).toBeDefined();
    const users = await c.get(admin, `/demoApply/getSpecActivityUser?applyId=${id}&activityId=approve`);
    expect(users.body.data[0]).toMatchObject({ activityId: 'approve', status: 'returned' });
  });
});

describe('to the end', () => {
  it('runs accept → approve → register and finishes approved', async () => {
    const id = await newApply();
    expect((await pass(t, cw, id, 'accept')).status).toBe(200);
    expect((await pass(t, admin, id, 'agree')).status).toBe(200);
    expect((await status(id)).cur).toBe('发放登记');
    const last = await c.get(auditor, `/demoOpinion/getNextActUsers?applyId=${id}`);
    expect(last.body.data).toMatchObject({ end: true, users: [] });
    const btns = await c.get(auditor, `/demoOpinion/getCurBtns?applyId=${id}`);
    expect(btns.body.data.map((b: { action: string }) => b.action)).toEqual(['pass', 'print']);
    // 发放登记 asks for one signature on its document before 办结.
    const unsigned = await pass(t, auditor, id, 'finish');
    expect([unsigned.status, unsigned.body.msg]).toEqual([400, '签章未完成，还需签章1次']);
    const M = '/api/dw-biz-mzapprove/demoMaterials';
    const doc = await t.call(auditor, {
      method: 'POST',
      url: `${M}/doCreateSignPdf`,
      payload: { applyId: id, elementId: '1903000000000000123' },
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    const png = `data:image/png;base64,${signaturePng().toString('base64')}`;
    const signed = await t.call(auditor, {
      method: 'POST',
      url: `${M}/signed`,
      payload: { applyId: id, docId: doc.body.data.id, image: png },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const end = await pass(t, auditor, id, 'finish');
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    expect(await status(id)).toEqual({ s: 'COMPLETED_APPROVED', cur: null, prev: '发放登记', accepted: true });
    const fin = await c.post(cw, '/demoTodo/getMyTodoFinishList', { current: 1, size: 100, param: {} });
    expect(fin.body.data.records.find((r: { applyId: string }) => r.applyId === id)).toMatchObject({ status: 'COMPLETED_APPROVED' });
    expect((await c.post(auditor, '/demoTodo/getMyTodoFinishCount', {})).body.data.count).toBeGreaterThan(0);
    const chart = await c.get(cw, `/demoApply/getModelViewByApplyId?applyId=${id}`);
    expect(chart.body.data.xml).toContain('<userTask');
    expect(chart.body.data.flow.map((f: { historyActivityId: string }) => f.historyActivityId)).toContain('register');
  });

  it('refuses batch handling where the step does not permit it, changing nothing', async () => {
    const id = await newApply();
    const task = (await c.taskOf(cw, id)) as { taskId: string };
    await c.get(cw, `/demoTodo/doClaim?taskId=${task.taskId}`);
    const res = await c.post(cw, '/demoTodo/batchHandle', {
      items: [{ applyId: id, taskId: task.taskId }],
      buttonId: 'accept',
      content: '同意',
    });
    expect([res.status, res.body.msg]).toEqual([400, '环节不允许批量办理：乡镇受理核实']);
    expect((await status(id)).s).toBe('SUBMITTED');
  });

  it('batch-handles where the step permits it', async () => {
    await t.db.query(`update mat_wf_element set if_permit_batch = 1 where id = 1903000000000000121`);
    try {
      const ids = [await newApply(), await newApply()];
      const items = [];
      for (const id of ids) {
        const task = (await c.taskOf(cw, id)) as { taskId: string };
        await c.get(cw, `/demoTodo/doClaim?taskId=${task.taskId}`);
        items.push({ applyId: id, taskId: task.taskId, realCurActivityName: '乡镇受理核实' });
      }
      const res = await c.post(cw, '/demoTodo/batchHandle', { items, buttonId: 'accept', content: '同意' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const id of ids) expect((await status(id)).cur).toBe('县级审批');
    } finally {
      await t.db.query(`update mat_wf_element set if_permit_batch = 0 where id = 1903000000000000121`);
    }
  });
});
