import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicant, approveCalls, dropApplies, idCard, pass } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The seeded 临时救助申请 past its amount gateway: the application form's 申请金额 decides whether
// 县级审批 or 乡镇审批 approves (a condition naming a variable nobody set refused 调查核实 outright).

const RELIEF = '1901000000000000001';
let t: TestApp;
let clerk: TestUser;
let town: TestUser;
const made: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  clerk = await t.as('window', '100001');
  town = await t.as('town_assist', '100001');
});
afterAll(async () => {
  if (t) await dropApplies(t, made);
  await t?.close();
});

const reliefForm = (amountRequested: string) => ({
  applicantName: '李四',
  idCard: idCard('11010119800101123'),
  phone: '13800138001',
  householdType: '1',
  address: '某县某镇某村2号',
  reliefReason: '2',
  amountRequested,
  familyMembers: '3',
  reason: '突发重大疾病，生活暂时困难',
});

/** Registers at the window, then the township accepts and investigates with the steps' completing buttons. */
async function throughInvestigation(amountRequested: string) {
  const c = approveCalls(t);
  const reg = await c.post(clerk, '/demoApply/doRegister', {
    itemId: RELIEF,
    submit: true,
    formData: reliefForm(amountRequested),
    applicant: applicant({ applicantName: '李四' }),
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const id = reg.body.data.id as string;
  made.push(id);
  for (const step of ['乡镇受理', '调查核实']) {
    const buttons = (await c.get(town, `/demoOpinion/getCurBtns?applyId=${id}`)).body.data as { id: string; action: string }[];
    const passed = await pass(t, town, id, buttons.find((b) => b.action === 'pass')?.id ?? '');
    expect(passed.status, `${step}: ${JSON.stringify(passed.body)}`).toBe(200);
  }
  const [row] = await t.db.query<{ cur: string }>('select real_cur_activity_name as cur from biz_apply where id = $1', [id]);
  return row.cur;
}

describe('临时救助申请: the amount decides which level approves', () => {
  it('over 1000 goes to 县级审批, up to 1000 to 乡镇审批', async () => {
    expect(await throughInvestigation('3000')).toBe('县级审批');
    expect(await throughInvestigation('800')).toBe('乡镇审批');
  });
});
