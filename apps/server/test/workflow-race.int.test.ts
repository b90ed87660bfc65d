import { fork } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobPoller } from '../src/modules/workflow/poller.ts';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { TIMED, upload } from './helpers/workflow.ts';

// Two server copies on one PostgreSQL database (two apps, each with its own pool, caches and
// runtime): claims raced across them have exactly one winner each, and timers polled by both fire
// exactly once; a copy killed with SIGKILL in the middle of a command leaves nothing of it. PGlite
// has one connection per database, so this runs on PostgreSQL only.

const pg = inject('dbKind') === 'pg';
let a: TestApp;
let b: TestApp;
let admin: TestUser;
let definitionId: string;
const N = 30;

beforeAll(async () => {
  if (!pg) return;
  a = await buildTestApp();
  b = await buildTestApp();
  admin = await a.as('admin', '100001');
  const res = await upload(a, admin, 'timed-race.bpmn20.xml', TIMED.replace('id="Timed"', 'id="TimedRace"'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  definitionId = res.body.data[0].id;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

async function startMany(app: TestApp, n: number) {
  const rt = workflowOf(app.app.ctx);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(await rt.start({ tenantId: '100001', definitionId, starter: admin.userId, starterName: '租户管理员', starterDept: null }));
  }
  return ids;
}

describe.skipIf(!pg)('two server copies on one database', () => {
  it(`${N} claim races across the copies give exactly ${N} winners`, async () => {
    const ids = await startMany(a, N);
    const tasks = await a.db.query<{ id: string }>(
      `select id::text from wf_task where status = 'open' and instance_id in (select jsonb_array_elements_text($1::jsonb)::bigint)`,
      [JSON.stringify(ids)],
    );
    const cw = await a.as('caseworker', '100001');
    const au = await b.as('auditor', '100001');
    const claim = (app: TestApp, u: TestUser, id: string) =>
      app.call(u, { method: 'POST', url: `/api/blade-flow/work/claim-task?taskId=${id}` });
    const results = await Promise.all(tasks.flatMap((t) => [claim(a, cw, t.id), claim(b, au, t.id)]));
    const wins = results.filter((r) => r.status === 200).length;
    console.log(`claim races: ${tasks.length}, winners ${wins}`);
    expect(wins).toBe(N);
    expect(results.filter((r) => r.status === 409)).toHaveLength(N);
    const [{ n }] = await a.db.query<{ n: number }>(
      `select count(*)::int n from wf_history where type = 'claim' and instance_id in (select jsonb_array_elements_text($1::jsonb)::bigint)`,
      [JSON.stringify(ids)],
    );
    expect(n).toBe(N);
  });

  it('timers polled by both copies fire exactly once', async () => {
    const ids = await startMany(b, N);
    const later = new Date(Date.now() + 60 * 86_400_000);
    workflowOf(a.app.ctx).clock = () => later;
    workflowOf(b.app.ctx).clock = () => later;
    await Promise.all([new JobPoller(workflowOf(a.app.ctx)).pollOnce(), new JobPoller(workflowOf(b.app.ctx)).pollOnce()]);
    const rows = await a.db.query<{ n: number }>(
      `select count(*)::int n from wf_task where node_id = 'escalated' and instance_id in (select jsonb_array_elements_text($1::jsonb)::bigint) group by instance_id`,
      [JSON.stringify(ids)],
    );
    expect(rows).toHaveLength(N);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it('a copy killed mid-command leaves all or nothing: the task stays open and can be done', async () => {
    const [id] = await startMany(a, 1);
    const [task] = await a.db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [id]);
    const cw = await a.as('caseworker', '100001');
    expect((await a.call(cw, { method: 'POST', url: `/api/blade-flow/work/claim-task?taskId=${task.id}` })).status).toBe(200);
    const count = async () => (await a.db.query<{ n: number }>('select count(*)::int n from wf_history where instance_id = $1', [id]))[0].n;
    const before = await count();
    const child = fork(new URL('./helpers/workflow-child.ts', import.meta.url).pathname, [inject('dbUrl'), task.id, cw.userId], {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.on('message', () => resolve());
      child.on('exit', (code) => reject(new Error(`child ended first (${code})`)));
    });
    child.kill('SIGKILL');
    await exited;
    const [row] = await a.db.query<{ status: string }>('select status from wf_task where id = $1', [task.id]);
    expect(row.status).toBe('open');
    expect(await count()).toBe(before);
    const done = await a.call(cw, { method: 'POST', url: '/api/blade-flow/work/complete-task', payload: { taskId: task.id, flag: 'ok' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await count()).toBeGreaterThan(before);
  });
});
