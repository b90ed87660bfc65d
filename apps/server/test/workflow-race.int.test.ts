import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobPoller } from '../src/modules/workflow/poller.ts';
import { workflowOf } from '../src/modules/workflow/runtime.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { TIMED, upload } from './helpers/workflow.ts';

// Two server copies on one PostgreSQL database (two apps, each with its own pool, caches and
// runtime): claims raced across them have exactly one winner each, and timers polled by both fire
// exactly once. PGlite has one connection per database, so this runs on PostgreSQL only.

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
});
