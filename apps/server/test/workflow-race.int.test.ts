import { fork } from 'node:child_process';
import type { Db, Queryable } from '@civdesk/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobPoller } from '../src/modules/workflow/poller.ts';
import { WorkflowRuntime, workflowOf } from '../src/modules/workflow/runtime.ts';
import { TaskCommands } from '../src/modules/workflow/tasks.ts';
import { buildTestApp, fileDbUrl, type TestApp, type TestUser } from './helpers/build-app.ts';
import { process, TIMED, upload } from './helpers/workflow.ts';
import { workflowCaller } from './helpers/workflow-caller.ts';

// Two server copies on one PostgreSQL database (two apps, each with its own pool, caches and
// runtime): claims raced across them have exactly one winner each, and timers polled by both fire
// exactly once; the second of two completions at a parallel join, waiting for the first one's lock,
// sees what the first wrote; a copy killed with SIGKILL in the middle of a command leaves nothing of it;
// a definition suspended or deleted on one copy while the other starts an instance of it either
// refuses the start before its first step runs or waits for it to commit. PGlite
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
    const child = fork(new URL('./helpers/workflow-child.ts', import.meta.url).pathname, [await fileDbUrl(), task.id, cw.userId], {
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

  it('a suspension on one copy waits for a start under way on the other; starts after it are refused and run nothing', async () => {
    const xml = process(
      'HeldStart',
      '先通知',
      `<startEvent id="s"/><serviceTask id="notify" name="通知" flowable:class="civ.test.heldNotify"/>
       <userTask id="review" name="审核" flowable:assignee="\${u}"/><endEvent id="e"/>
       <sequenceFlow id="a" sourceRef="s" targetRef="notify"/><sequenceFlow id="b" sourceRef="notify" targetRef="review"/>
       <sequenceFlow id="c" sourceRef="review" targetRef="e"/>`,
    );
    const res = await upload(a, admin, 'held-start.bpmn20.xml', xml);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const defId: string = res.body.data[0].id;
    // Copy a's handler holds its start in the first step until released.
    const calls: string[] = [];
    let running = () => {};
    const isRunning = new Promise<void>((r) => {
      running = r;
    });
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const handler = async (c: { instanceId: string }) => {
      calls.push(c.instanceId);
      running();
      await released;
    };
    workflowOf(a.app.ctx).services['civ.test.heldNotify'] = handler;
    workflowOf(b.app.ctx).services['civ.test.heldNotify'] = handler;
    const info = {
      tenantId: '100001',
      definitionId: defId,
      starter: admin.userId,
      starterName: '租户管理员',
      starterDept: null,
      variables: { u: admin.userId },
    };
    const started = workflowOf(a.app.ctx).start(info);
    await isRunning;
    const adminB = await b.as('admin', '100001');
    let answered = false;
    const suspension = b
      .call(adminB, { method: 'POST', url: `/api/blade-flow/manager/change-state?state=suspend&processId=${defId}` })
      .then((r) => {
        answered = true;
        return r;
      });
    for (;;) {
      const [{ n }] = await a.db.query<{ n: number }>(
        `select count(*)::int n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (n > 0 || answered) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const early = answered;
    release();
    // the suspension had not gone through while the start held its definition
    expect(early).toBe(false);
    const id = await started;
    expect((await suspension).status).toBe(200);
    const open = await a.db.query(`select node_id as node from wf_task where instance_id = $1 and status = 'open'`, [id]);
    expect(open).toEqual([{ node: 'review' }]);
    await expect(workflowOf(b.app.ctx).start(info)).rejects.toMatchObject({ status: 409, message: '流程定义已挂起，不能发起' });
    expect(calls).toEqual([id]);
  });

  it('a deletion on one copy waits for a start under way on the other, and then counts its instance', async () => {
    const xml = process(
      'HeldDelete',
      '先通知',
      `<startEvent id="s"/><serviceTask id="notify" name="通知" flowable:class="civ.test.heldDelete"/>
       <userTask id="review" name="审核" flowable:assignee="\${u}"/><endEvent id="e"/>
       <sequenceFlow id="a" sourceRef="s" targetRef="notify"/><sequenceFlow id="b" sourceRef="notify" targetRef="review"/>
       <sequenceFlow id="c" sourceRef="review" targetRef="e"/>`,
    );
    const res = await upload(a, admin, 'held-delete.bpmn20.xml', xml);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id: defId, deploymentId } = res.body.data[0];
    let running = () => {};
    const isRunning = new Promise<void>((r) => {
      running = r;
    });
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    workflowOf(a.app.ctx).services['civ.test.heldDelete'] = async () => {
      running();
      await released;
    };
    const started = workflowOf(a.app.ctx).start({
      tenantId: '100001',
      definitionId: defId,
      starter: admin.userId,
      starterName: '租户管理员',
      starterDept: null,
      variables: { u: admin.userId },
    });
    await isRunning;
    const adminB = await b.as('admin', '100001');
    let answered = false;
    const deletion = b
      .call(adminB, { method: 'POST', url: `/api/blade-flow/manager/delete-deployment?deploymentIds=${deploymentId}` })
      .then((r) => {
        answered = true;
        return r;
      });
    for (;;) {
      const [{ n }] = await a.db.query<{ n: number }>(
        `select count(*)::int n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (n > 0 || answered) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const early = answered;
    release();
    expect(early).toBe(false);
    const id = await started;
    const refused = await deletion;
    expect([refused.status, refused.body.msg]).toEqual([400, '该流程存在运行中的实例，不能删除']);
    const [row] = await a.db.query<{ status: string; defined: boolean }>(
      'select i.status, exists (select 1 from wf_definition d where d.id = i.definition_id) as defined from wf_instance i where i.id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'active', defined: true });
  });

  it('a completion that waited for the lock sees what the holder wrote: the parallel join fires once', async () => {
    const xml = process(
      'JoinRace',
      '会审',
      `<startEvent id="s"/><parallelGateway id="fork"/><userTask id="a" name="甲" flowable:assignee="\${u}"/>
       <userTask id="b" name="乙" flowable:assignee="\${u}"/><parallelGateway id="join"/>
       <userTask id="after" name="汇总" flowable:assignee="\${u}"/><endEvent id="e"/>
       <sequenceFlow id="f1" sourceRef="s" targetRef="fork"/><sequenceFlow id="f2" sourceRef="fork" targetRef="a"/>
       <sequenceFlow id="f3" sourceRef="fork" targetRef="b"/><sequenceFlow id="f4" sourceRef="a" targetRef="join"/>
       <sequenceFlow id="f5" sourceRef="b" targetRef="join"/><sequenceFlow id="f6" sourceRef="join" targetRef="after"/>
       <sequenceFlow id="f7" sourceRef="after" targetRef="e"/>`,
    );
    const res = await upload(a, admin, 'join-race.bpmn20.xml', xml);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = await workflowOf(a.app.ctx).start({
      tenantId: '100001',
      definitionId: res.body.data[0].id,
      starter: admin.userId,
      starterName: '租户管理员',
      starterDept: null,
      variables: { u: admin.userId },
    });
    const open = await a.db.query<{ id: string; node: string }>(
      `select id::text, node_id as node from wf_task where instance_id = $1 and status = 'open' order by node_id`,
      [id],
    );
    expect(open.map((x) => x.node)).toEqual(['a', 'b']);
    // The first completion (copy a) holds the lock with its step written until the second (copy b)
    // is waiting for the lock, then commits.
    let locked = () => {};
    const hasLock = new Promise<void>((r) => {
      locked = r;
    });
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const held: Db = {
      ...a.db,
      tx: (fn) =>
        a.db.tx((q) =>
          fn({
            exec: (sql) => q.exec(sql),
            query: async <R>(sql: string, params?: unknown[]) => {
              const rows = await q.query<R>(sql, params);
              if (sql.includes('for no key update')) locked();
              if (sql.includes('insert into wf_history')) await released;
              return rows;
            },
          } satisfies Queryable),
        ),
    };
    const me = workflowCaller(admin.userId);
    const first = new TaskCommands(new WorkflowRuntime(held, 'Asia/Shanghai')).complete(me, { taskId: open[0].id, flag: 'ok' });
    await hasLock;
    const second = new TaskCommands(workflowOf(b.app.ctx)).complete(me, { taskId: open[1].id, flag: 'ok' });
    for (;;) {
      const [{ n }] = await a.db.query<{ n: number }>(
        `select count(*)::int n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    release();
    await Promise.all([first, second]);
    const after = await a.db.query<{ node: string }>(`select node_id as node from wf_task where instance_id = $1 and status = 'open'`, [
      id,
    ]);
    expect(after).toEqual([{ node: 'after' }]);
    // nothing left waiting at the join
    expect(await a.db.query('select node_id from wf_token where instance_id = $1', [id])).toEqual([]);
    const joins = await a.db.query(`select seq from wf_history where instance_id = $1 and type = 'join'`, [id]);
    expect(joins).toHaveLength(1);
  });
});
