import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicant, approveCalls, dropApplies } from './helpers/approve.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';

// The todo list holds the tasks the caller has claimed and the unclaimed ones they may claim, in one
// creation order, paged, with the same total on every page. Every list here is filtered by this
// file's applicant name: PostgreSQL runs share one database with other files.

let t: TestApp;
let clerk: TestUser;
let cw: TestUser;
let cw2: TestUser;
let c: ReturnType<typeof approveCalls>;
const made: string[] = [];
const NAME = `待办顺序${Date.now().toString(36)}`;

type Row = { applyId: string; taskId: string; claimed: boolean };

beforeAll(async () => {
  t = await buildTestApp();
  clerk = await t.as('admin', '100001');
  cw = await t.as('caseworker', '100001');
  await t.addUser('100001', 'todo_cw2', 'Passw0rd!2026', { roleAlias: 'caseworker' });
  cw2 = await t.as('todo_cw2', '100001');
  c = approveCalls(t);
});
afterAll(async () => {
  if (t) await dropApplies(t, made);
  await t?.close();
});

const list = async (u: TestUser, query: string) => {
  const res = await c.get(u, `/demoTodo/getMyTodoList?applicantName=${encodeURIComponent(NAME)}&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { records: Row[]; total: number; pages: number };
};

describe('todo list', () => {
  it('mixes claimed and claimable tasks in creation order, pages them and counts them alike', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await c.register(clerk, { applicant: applicant({ applicantName: `${NAME}${i}` }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(res.body.data.id);
    }
    const all = await list(cw, 'size=500');
    expect(all.records.map((r) => r.applyId)).toEqual(made);
    // The second and fourth claimed: still in place, now claimed, and gone from the other caseworker's list.
    for (const i of [1, 3]) expect((await c.get(cw, `/demoTodo/doClaim?taskId=${all.records[i].taskId}`)).status).toBe(200);
    const after = await list(cw, 'size=500');
    expect(after.records.map((r) => [r.applyId, r.claimed])).toEqual(made.map((id, i) => [id, i % 2 === 1]));
    expect((await list(cw2, 'size=500')).records.map((r) => r.applyId)).toEqual([made[0], made[2]]);

    // Pages of 3: the same rows in the same order, the total on each page and past the end.
    const p1 = await list(cw, 'size=3&current=1');
    const p2 = await list(cw, 'size=3&current=2');
    const p3 = await list(cw, 'size=3&current=3');
    expect([...p1.records, ...p2.records].map((r) => r.applyId)).toEqual(made);
    expect([p1.total, p2.total, p3.total, p1.pages]).toEqual([4, 4, 4, 2]);
    expect(p3.records).toEqual([]);

    // Filters narrow both the rows and the total.
    const one = await c.get(cw, `/demoTodo/getMyTodoList?applicantName=${encodeURIComponent(`${NAME}2`)}&size=10`);
    expect([one.body.data.total, one.body.data.records.map((r: Row) => r.applyId)]).toEqual([1, [made[2]]]);
    const none = await list(cw, 'size=10&warnState=2');
    expect([none.total, none.records]).toEqual([0, []]);
    expect((await list(cw, 'size=10&warnState=0')).total).toBe(4);
  });
});
