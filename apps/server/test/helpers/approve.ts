import type { TestApp, TestUser } from './build-app.ts';

// The approval tests' shared pieces: valid ID card numbers, a registration of the seeded
// 孤儿基本生活费申领 matter (accept → county approve → register) and cleanup of what a file started.

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A valid resident ID number (GB 11643) from its first 17 digits. */
export function idCard(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * W[i];
  return first17 + '10X98765432'[sum % 11];
}

export const ORPHAN_ITEM = '1901000000000000002';
export const ORPHAN_VERSION = '1903000000000000002';
export const API = '/api/dw-biz-mzapprove';

export const orphanForm = (over: Record<string, unknown> = {}) => ({
  childName: '张小明',
  childIdCard: idCard('11010120150307123'),
  guardianName: '张三',
  phone: '13800138000',
  householdType: '1',
  address: '某县某镇某村1号',
  orphanDate: '2025-06-01',
  familyMembers: 3,
  bankAccount: '622202123456789012',
  reason: '父母双亡，申领基本生活费',
  ...over,
});

export const applicant = (over: Record<string, unknown> = {}) => ({
  applicantName: '张三',
  applicantIdCard: idCard('11010119900307123'),
  applicantPhone: '13800138000',
  ...over,
});

export function approveCalls(t: TestApp) {
  const get = (u: TestUser, url: string) => t.call(u, { method: 'GET', url: `${API}${url}` });
  const post = (u: TestUser, url: string, payload?: object) => t.call(u, { method: 'POST', url: `${API}${url}`, payload });
  return {
    get,
    post,
    register: (u: TestUser, over: Record<string, unknown> = {}) =>
      post(u, '/demoApply/doRegister', {
        itemId: ORPHAN_ITEM,
        submit: true,
        formData: orphanForm(),
        applicant: applicant(),
        members: [{ memberName: '张小明', memberIdCard: idCard('11010120150307123'), relation: '孙子' }],
        ...over,
      }),
    /** The caller's open task of an application (by the todo list). */
    async taskOf(u: TestUser, applyId: string) {
      const res = await get(u, '/demoTodo/getMyTodoList?size=500');
      return (res.body.data.records as { applyId: string; taskId: string; realCurActivityName: string; claimed: boolean }[]).find(
        (r) => r.applyId === applyId,
      );
    },
  };
}

/** Removes the applications a file registered and their processes (PostgreSQL runs share one database). */
export async function dropApplies(t: TestApp, ids: string[]) {
  if (!ids.length) return;
  const list = JSON.stringify(ids);
  const inst = `select process_instance_id::bigint from biz_apply where id::text in (select jsonb_array_elements_text($1::jsonb)) and process_instance_id is not null`;
  await t.db.query(`delete from wf_task_candidate where task_id in (select id from wf_task where instance_id in (${inst}))`, [list]);
  for (const table of ['wf_task', 'wf_history', 'wf_token', 'wf_scope', 'wf_job', 'wf_notice', 'wf_cc'])
    await t.db.query(`delete from ${table} where instance_id in (${inst})`, [list]);
  await t.db.query(`delete from wf_instance where id in (${inst})`, [list]);
  for (const table of ['biz_apply_member', 'biz_opinion', 'biz_apply_suspension', 'biz_apply_page_save', 'biz_apply_view_log'])
    await t.db.query(`delete from ${table} where apply_id::text in (select jsonb_array_elements_text($1::jsonb))`, [list]);
  await t.db.query('delete from biz_apply where id::text in (select jsonb_array_elements_text($1::jsonb))', [list]);
}

/** Marks the step's required tabs saved (as the tabs' own saves do) for a task the user holds. */
export async function savePages(t: TestApp, u: TestUser, applyId: string, taskId: string) {
  const c = approveCalls(t);
  const pages = (await c.get(u, `/demoTodo/getAllNonDealPages?applyId=${applyId}&taskId=${taskId}`)).body.data as {
    id: string;
    pageTaburl: string;
  }[];
  const ids = pages.filter((p) => !p.pageTaburl.includes('opinion')).map((p) => p.id);
  if (ids.length) await c.post(u, '/demoApply/savePage', { applyId, taskId, pageIds: ids });
}

/** Claims, saves the tabs and submits the caller's task of an application with a button. */
export async function pass(t: TestApp, u: TestUser, applyId: string, buttonId: string, extra: Record<string, unknown> = {}) {
  const c = approveCalls(t);
  const task = await c.taskOf(u, applyId);
  if (!task) throw new Error(`no task of ${applyId} for ${u.account}`);
  if (!task.claimed) {
    const claimed = await c.get(u, `/demoTodo/doClaim?taskId=${task.taskId}`);
    if (claimed.status !== 200) throw new Error(JSON.stringify(claimed.body));
  }
  await savePages(t, u, applyId, task.taskId);
  return c.post(u, '/demoOpinion/submit', {
    applyId,
    taskId: task.taskId,
    realCurActivityName: task.realCurActivityName,
    buttonId,
    content: '同意',
    ...extra,
  });
}
