import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, applicant, approveCalls, dropApplies, idCard, ORPHAN_ITEM, ORPHAN_VERSION, orphanForm } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// Launch (事项申报): drafts, registration on the enabled version with the published form checked,
// the status and current step mirrored from the process, masked lists and the audited full view.

let t: TestApp;
let clerk: TestUser;
let caseworker: TestUser;
let auditor: TestUser;
let c: ReturnType<typeof approveCalls>;
const made: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  clerk = await t.as('admin', '100001');
  caseworker = await t.as('caseworker', '100001');
  auditor = await t.as('auditor', '100001');
  c = approveCalls(t);
});
afterAll(async () => {
  if (t) await dropApplies(t, made);
  await t?.close();
});

const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from biz_apply'))[0].n;

describe('draft and registration', () => {
  it('saves a draft without a process, then registers it: the process waits at the acceptance step', async () => {
    const draft = await c.register(clerk, { submit: false, formData: { childName: '半填' } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data).toMatchObject({ status: 'DRAFT', processInstanceId: null });
    const id = draft.body.data.id as string;
    made.push(id);
    const [row] = await t.db.query<Record<string, unknown>>(
      'select apply_status, mathf_version_id, item_name, register_people from biz_apply where id = $1',
      [id],
    );
    expect(row).toMatchObject({ apply_status: 'DRAFT', mathf_version_id: ORPHAN_VERSION, item_name: '孤儿基本生活费申领' });

    const done = await c.register(clerk, { id, submit: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.status).toBe('SUBMITTED');
    expect(done.body.data.processInstanceId).toMatch(/^\d+$/);
    const [after] = await t.db.query<Record<string, unknown>>(
      'select apply_status, real_cur_activity_name, prev_activity_name, cur_activity_deadline_date is not null as due from biz_apply where id = $1',
      [id],
    );
    expect(after).toEqual({ apply_status: 'SUBMITTED', real_cur_activity_name: '乡镇受理核实', prev_activity_name: '申请登记', due: true });
    // Registered once: the draft cannot be registered again.
    const again = await c.register(clerk, { id, submit: true });
    expect([again.status, again.body.msg]).toEqual([409, '办件已申报']);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ applicant: applicant({ applicantIdCard: '110101199003071235' }) }, '身份证号格式不正确'],
      [{ applicant: applicant({ applicantName: ' ' }) }, '请输入申请人姓名'],
      [{ applicant: applicant({ applicantPhone: '12345' }) }, '手机号格式不正确'],
      [{ itemId: '1901000000000000999' }, '事项不存在'],
      [{ mathfVersionId: '1903000000000000001' }, '流程版本不是该事项当前启用的版本'],
      [{ formData: orphanForm({ bankAccount: '12' }) }, '发放账号应为12到30位数字'],
      [{ formData: orphanForm({ childName: undefined }) }, '请输入儿童姓名'],
    ];
    for (const [over, msg] of cases) {
      const res = await c.register(clerk, over);
      expect([res.status, res.body.msg], JSON.stringify(over)).toEqual([400, msg]);
    }
    expect(await count()).toBe(before);
  });

  it("refuses to update another user's draft", async () => {
    const draft = await c.register(clerk, { submit: false });
    made.push(draft.body.data.id);
    const res = await c.register(caseworker, { id: draft.body.data.id, submit: false });
    expect([res.status, res.body.msg]).toEqual([400, '只能修改自己暂存的办件']);
  });
});

describe('masking and the full view', () => {
  let applyId: string;
  beforeAll(async () => {
    const res = await c.register(clerk);
    applyId = res.body.data.id;
    made.push(applyId);
  });

  it('masks the ID card and phone in the todo list and the application list', async () => {
    const todo = await c.get(caseworker, '/demoTodo/getMyTodoList?size=500');
    expect(todo.status, JSON.stringify(todo.body)).toBe(200);
    const row = todo.body.data.records.find((r: { applyId: string }) => r.applyId === applyId);
    expect(row).toMatchObject({
      applicantName: '张三',
      applicantIdCard: `110101********${idCard('11010119900307123').slice(-4)}`,
      applicantPhone: '138****8000',
      itemName: '孤儿基本生活费申领',
      realCurActivityName: '乡镇受理核实',
      prevActivityName: '申请登记',
      status: 'SUBMITTED',
      statusName: '待受理',
      dictName: '窗口受理',
      claimed: false,
      warnState: 0,
    });
    const page = await c.get(clerk, '/demoApply/page?size=100');
    const mine = page.body.data.records.find((r: { applyId: string }) => r.applyId === applyId);
    expect(mine.applicantIdCard).toContain('********');
    expect(JSON.stringify(page.body)).not.toContain(idCard('11010119900307123'));
  });

  it('answers the whole to a handler, audits it, and refuses others', async () => {
    const res = await c.get(caseworker, `/demoApply/getCurrent?applyId=${applyId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.apply.applicantIdCard).toBe(idCard('11010119900307123'));
    expect(res.body.data.members[0].memberIdCard).toBe(idCard('11010120150307123'));
    expect(res.body.data.tasks[0]).toMatchObject({ realCurActivityName: '乡镇受理核实', canClaim: true, canHandle: false, claimed: false });
    const [log] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from biz_apply_view_log where apply_id = $1 and user_id = $2',
      [applyId, caseworker.userId],
    );
    expect(log.n).toBe(1);
    // The auditor is no candidate of the acceptance step (and took no part).
    const other = await c.get(auditor, `/demoApply/getCurrent?applyId=${applyId}`);
    expect([other.status, other.body.msg]).toEqual([403, '无权查看该办件']);
    const missing = await c.get(caseworker, '/demoApply/getCurrent?applyId=1');
    expect(missing.status).toBe(404);
  });

  it('answers the header and the application form with its data', async () => {
    const top = await c.get(caseworker, `/demoApply/getCurrentTopRight?applyId=${applyId}`);
    expect(top.body.data).toMatchObject({ status: 'SUBMITTED', acceptDate: null, warnState: 0, remainingDays: null });
    expect(top.body.data.curActivityDeadlineDate).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const form = await c.get(caseworker, `/demoApply/getMatIntFormInfo?applyId=${applyId}`);
    expect(form.body.data.formId).toBe('1902000000000000002');
    expect(form.body.data.data.childName).toBe('张小明');
    expect(form.body.data.rights.childName).toBe('read');
    const check = await c.get(caseworker, `/demoApply/checkApplyActivity?applyId=${applyId}&realCurActivityName=乡镇受理核实`);
    expect(check.body.data.current).toBe(true);
    const stale = await c.get(caseworker, `/demoApply/checkApplyActivity?applyId=${applyId}&realCurActivityName=县级审批`);
    expect(stale.body.data.current).toBe(false);
  });
});

it('the seeded demo people: the township child-welfare officer handles the acceptance, the county approves', async () => {
  const res = await c.register(await t.as('window', '100001'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  made.push(res.body.data.id);
  const town = await t.as('town_child', '100001');
  expect(await c.taskOf(town, res.body.data.id)).toMatchObject({ realCurActivityName: '乡镇受理核实', claimed: false });
  const next = await c.get(town, `/demoOpinion/getNextActUsers?applyId=${res.body.data.id}`);
  const county = await t.as('county', '100001');
  expect(next.body.data.users.map((u: { id: string }) => u.id)).toContain(county.userId);
});

it('the window clerk reads what 事项申报 reads: the version enabled today and its application form', async () => {
  const window = await t.as('window', '100001');
  const version = await t.call(window, { method: 'GET', url: `/api/dw-matter/matWfVersion/getCurEnableVersion?itemId=${ORPHAN_ITEM}` });
  expect([version.status, version.body.data?.id]).toEqual([200, ORPHAN_VERSION]);
  const forms = await t.call(window, {
    method: 'GET',
    url: `/api/dw-matter/matWfVersion/getCusFormByVersionId?versionId=${ORPHAN_VERSION}`,
  });
  expect(forms.status, JSON.stringify(forms.body)).toBe(200);
  expect(forms.body.data[0]).toMatchObject({ userTaskId: 'accept', publicFormPc: '1902000000000000002' });
});

it('checks the item belongs to the tenant path it is sent on', async () => {
  const res = await t.call(clerk, { method: 'POST', url: `${API}/demoApply/doRegister`, payload: { itemId: 'x', submit: true } });
  expect(res.status).toBe(400);
  expect(ORPHAN_ITEM).toMatch(/^\d+$/);
});
