// Workflow figures: task completions per second at 16 concurrent callers (4-step sequential
// approvals), the todo list's p95 over many open tasks and history rows, and a claim race. Each
// beside a floor measured in the same run on the same database: the bare transaction a completion
// cannot do without (lock the instance, update the task, append history), and a primary-key read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, migrate, openDb } from '@civdesk/db';
import { newId } from '../../../apps/server/src/crud/ids.ts';
import { deploy } from '../../../apps/server/src/modules/workflow/definitions.ts';
import { workList } from '../../../apps/server/src/modules/workflow/lists.ts';
import { WorkflowRuntime } from '../../../apps/server/src/modules/workflow/runtime.ts';
import { TaskCommands } from '../../../apps/server/src/modules/workflow/tasks.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/index.ts';
import { percentile, type Summary, summarize } from '../stats.ts';
import { cpuMs } from './servers.ts';
import { BENCH_TENANT, benchCaller, claimOutcome, OtherCopy, until } from './workflow-race.ts';

export type WorkflowSize = { openTasks: number; history: number };
export type CpuPer = { node: number; db: number | null };
export type WorkflowFigures = {
  db: 'pglite' | 'postgres';
  size: WorkflowSize;
  completions: Summary;
  completionFloor: Summary;
  /**
   * CPU time per completion and per floor transaction, in ms: this process (on PGlite the database
   * too, a thread of it) and, on a local PostgreSQL, its server processes serving the pool. Steadier
   * than rates on a shared machine: other work slows the clock, not the CPU an operation takes.
   */
  cpu: { completion: CpuPer; floor: CpuPer };
  todoP95: number;
  todoFloorP95: number;
  /**
   * Pairs of claims of one task at one moment: on PostgreSQL one from this process and one from a
   * second process with its own pool (`wins` each side's); on PGlite, which one process holds, both
   * from this one.
   */
  race: { races: number; winners: number; conflicts: number; processes: 1 | 2; wins: [number, number] };
  /** Statements one start and one completion send (BEGIN and COMMIT not counted), deterministic where times are not. */
  statements: { start: number; completion: number };
};

const TENANT = BENCH_TENANT;
const TZ = 'Asia/Shanghai';
const STEPS = 4;

const caller = benchCaller;

const step = (i: number) => `<userTask id="t${i}" name="审批${i}" flowable:assignee="\${u}"/>`;
const flows = Array.from({ length: STEPS + 1 }, (_, i) => {
  const from = i === 0 ? 's' : `t${i}`;
  const to = i === STEPS ? 'e' : `t${i + 1}`;
  return `<sequenceFlow id="f${i}" sourceRef="${from}" targetRef="${to}"/>`;
}).join('');
const APPROVAL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
  <process id="Approval4" name="四级审批" isExecutable="true"><startEvent id="s"/>${Array.from({ length: STEPS }, (_, i) => step(i + 1)).join('')}<endEvent id="e"/>${flows}</process>
</definitions>`;

const CLAIM_BODY = `<startEvent id="s"/><userTask id="t1" name="待签" flowable:candidateGroups="bench"/><endEvent id="e"/>
  <sequenceFlow id="a" sourceRef="s" targetRef="t1"/><sequenceFlow id="b" sourceRef="t1" targetRef="e"/></process>`;

/** `clients` loops for `seconds`, each calling `run` back to back; latencies of each call. */
async function loops(clients: number, seconds: number, run: (k: number) => Promise<number>): Promise<Summary> {
  const lat: number[] = [];
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, k) => {
      while (performance.now() < until) {
        const t = performance.now();
        const n = await run(k);
        const each = (performance.now() - t) / n;
        for (let i = 0; i < n; i++) lat.push(each);
      }
    }),
  );
  return summarize(lat, (performance.now() - t0) / 1000);
}

/** The pool's server processes on a local PostgreSQL (null when their CPU cannot be read). */
async function backendPids(db: Db): Promise<number[] | null> {
  if (db.kind !== 'postgres') return null;
  const rows = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  const pids = rows.map((r) => r.pid);
  return pids.every((p) => Number.isFinite(cpuMs(p))) ? pids : null;
}

/** `measure`'s summary with the CPU time per operation it took (this process, the database's processes). */
async function withCpu(db: Db, measure: () => Promise<Summary>): Promise<[Summary, CpuPer]> {
  const pids = await backendPids(db);
  const dbCpu = () => (pids ? pids.reduce((s, p) => s + cpuMs(p), 0) : 0);
  const [node0, db0] = [process.cpuUsage(), dbCpu()];
  const summary = await measure();
  const node = process.cpuUsage(node0);
  const n = Math.max(1, summary.n);
  return [summary, { node: (node.user + node.system) / 1000 / n, db: pids ? (dbCpu() - db0) / n : null }];
}

async function sequentialP95(n: number, run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(50, n); i++) await run(i);
  const lat: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    lat.push(performance.now() - t);
  }
  return percentile(
    lat.sort((a, b) => a - b),
    95,
  );
}

/** Open tasks spread over 1 000 users, one instance each, and history rows beside them (set-based inserts). */
async function fill(db: Db, definitionId: string, size: WorkflowSize) {
  await db.exec(`
    insert into wf_instance (id, tenant_id, definition_id, process_key, status, start_user, started_at, vars)
      select 9000000000000 + g, '${TENANT}', ${definitionId}, 'Approval4', 'active', (g % 1000)::text, now() - g * interval '1 second', '{}'
        from generate_series(1, ${size.openTasks}) g;
    insert into wf_task (id, tenant_id, instance_id, node_id, name, kind, status, assignee, created_at)
      select 9000000000000 + g, '${TENANT}', 9000000000000 + g, 't1', '审批1', 'task', 'open', (1000000 + g % 1000)::text, now() - g * interval '1 second'
        from generate_series(1, ${size.openTasks}) g;
    insert into wf_history (id, tenant_id, instance_id, seq, type, node_id, at)
      select 9100000000000 + g, '${TENANT}', 9000000000000 + 1 + g % ${size.openTasks}, g, 'complete', 't1', now() - g * interval '1 second'
        from generate_series(1, ${size.history}) g;
    analyze wf_task; analyze wf_instance; analyze wf_history;`);
}

export async function benchWorkflow(
  kind: 'pglite' | 'postgres',
  o: { pgUrl?: string; seconds: number; size: WorkflowSize; races: number },
  log: (m: string) => void,
): Promise<WorkflowFigures> {
  const dir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'civdesk-wf-bench-')) : null;
  const db = kind === 'postgres' ? await openDb({ url: o.pgUrl, poolSize: 16 }) : await openDb({ dataDir: dir as string });
  try {
    log(`workflow (${kind}): migrating and seeding`);
    await migrate(db);
    await seedIfEmpty(db, { demo: true, towns: false, passwordGrant: true });
    await db.exec(`delete from wf_history where tenant_id = '${TENANT}'; delete from wf_task where tenant_id = '${TENANT}';
      delete from wf_task_candidate where tenant_id = '${TENANT}'; delete from wf_instance where tenant_id = '${TENANT}';`);
    const rt = new WorkflowRuntime(db, TZ);
    const tasks = new TaskCommands(rt);
    const [definitionId] = await db.tx((q) =>
      deploy(q, APPROVAL, { tenantIds: [TENANT], category: null, resourceName: 'approval.bpmn', actor: null }),
    );

    log(`workflow (${kind}): completions at 16 concurrent, ${o.seconds} s`);
    const approve = async (k: number) => {
      const user = String(2000 + k);
      const id = await rt.start({
        tenantId: TENANT,
        definitionId,
        starter: user,
        starterName: user,
        starterDept: null,
        variables: { u: user },
      });
      // Each completion answers the task it opened: the next step's.
      let [taskId] = (await db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [id])).map(
        (t) => t.id,
      );
      for (let i = 0; i < STEPS; i++) [taskId] = await tasks.complete(caller(user), { taskId, flag: 'ok' });
      if (taskId !== undefined) throw new Error(`approval ${id} did not end after ${STEPS} steps`);
      return STEPS;
    };
    // Statements per command, counted on one approval after a first one filled the caches.
    const counted = async (fn: () => Promise<unknown>) => {
      const before = db.stats.queries;
      await fn();
      return db.stats.queries - before;
    };
    await approve(0);
    let instanceId = '';
    const startCount = await counted(async () => {
      instanceId = await rt.start({
        tenantId: TENANT,
        definitionId,
        starter: '1999',
        starterName: '1999',
        starterDept: null,
        variables: { u: '1999' },
      });
    });
    let completionCount = 0;
    for (let i = 0; i < STEPS; i++) {
      const [t] = await db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [instanceId]);
      completionCount = Math.max(completionCount, await counted(() => tasks.complete(caller('1999'), { taskId: t.id, flag: 'ok' })));
    }
    const statements = { start: startCount, completion: completionCount };
    // Every pooled connection opened and its statements past the planner's first runs before the
    // clock starts, as they are for the floor (measured after, on the same connections).
    for (let r = 0; r < 8; r++) await Promise.all(Array.from({ length: 16 }, (_, k) => approve(k)));
    const [completions, completionCpu] = await withCpu(db, () => loops(16, o.seconds, approve));
    log(`workflow (${kind}): floor, the bare completion transaction at 16 concurrent`);
    const floorIds = await db.query<{ i: string; t: string }>(
      `select instance_id::text as i, id::text as t from wf_task where tenant_id = '${TENANT}' limit 16`,
    );
    const [completionFloor, floorCpu] = await withCpu(db, () =>
      loops(16, o.seconds, async (k) => {
        const { i, t } = floorIds[k % floorIds.length];
        await db.tx(async (q) => {
          await q.query('select id from wf_instance where id = $1 for no key update', [i]);
          await q.query('update wf_task set comment = $2 where id = $1', [t, 'floor']);
          await q.query(
            `insert into wf_history (id, tenant_id, instance_id, seq, type, at) values ($1, '${TENANT}', $2, 0, 'floor', now())`,
            [newId(), i],
          );
        });
        return 1;
      }),
    );
    await db.query(`delete from wf_history where type = 'floor'`);

    log(`workflow (${kind}): ${o.size.openTasks} open tasks and ${o.size.history} history rows`);
    await fill(db, definitionId, o.size);
    const me = caller('1000007');
    const todoP95 = await sequentialP95(500, (i) => workList(db, TZ, me, 'todo', { current: 1 + (i % 5), size: 10 }));
    const todoFloorP95 = await sequentialP95(500, (i) =>
      db.query('select id from wf_task where id = $1', [String(9000000000001 + (i % 1000))]),
    );

    log(`workflow (${kind}): ${o.races} claim races`);
    const claimXml = APPROVAL.replace('Approval4', 'Claim1').replace(/<startEvent[\s\S]*<\/process>/, CLAIM_BODY);
    const [claimDef] = await db.tx((q) =>
      deploy(q, claimXml, { tenantIds: [TENANT], category: null, resourceName: 'claim.bpmn', actor: null }),
    );
    const other = kind === 'postgres' ? await OtherCopy.start(o.pgUrl as string, TZ) : null;
    const wins: [number, number] = [0, 0];
    let conflicts = 0;
    try {
      for (let r = 0; r < o.races; r++) {
        const id = await rt.start({ tenantId: TENANT, definitionId: claimDef, starter: '1', starterName: '1', starterDept: null });
        const [t] = await db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [id]);
        // Both claims start at one moment, far enough ahead for the other process to have the task id.
        const at = Date.now() + 50;
        const out = await Promise.all([
          until(at).then(() => claimOutcome(tasks.claim(caller('3001', ['bench']), t.id))),
          other ? other.claim(t.id, at) : until(at).then(() => claimOutcome(tasks.claim(caller('3002', ['bench']), t.id))),
        ]);
        out.forEach((x, i) => {
          if (x === 'ok') wins[i]++;
          else if (x === '409') conflicts++;
          else log(`workflow (${kind}): claim race ${r}: ${x}`);
        });
      }
    } finally {
      await other?.stop();
    }
    return {
      db: kind,
      size: o.size,
      completions,
      completionFloor,
      cpu: { completion: completionCpu, floor: floorCpu },
      todoP95,
      todoFloorP95,
      race: { races: o.races, winners: wins[0] + wins[1], conflicts, processes: other ? 2 : 1, wins },
      statements,
    };
  } finally {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as console lines. */
export function workflowReport(f: WorkflowFigures): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const where = f.db === 'pglite' ? 'this process, database included' : 'this process';
  const cpu = (c: CpuPer) => `${ms(c.node)} ${where}${c.db === null ? '' : ` + ${ms(c.db)} PostgreSQL`}`;
  const total = (c: CpuPer) => c.node + (c.db ?? 0);
  return [
    `workflow on ${f.db} (${f.size.openTasks} open tasks, ${f.size.history} history rows)`,
    `  completions/s at 16 concurrent (4-step approvals): ${f.completions.rps.toFixed(0)}  (floor, bare locked transaction: ${f.completionFloor.rps.toFixed(0)}/s, ratio ${(f.completions.rps / f.completionFloor.rps).toFixed(2)})`,
    `  CPU per completion: ${cpu(f.cpu.completion)}  (floor: ${cpu(f.cpu.floor)}, ratio ${(total(f.cpu.completion) / total(f.cpu.floor)).toFixed(2)})`,
    `  statements per completion: ${f.statements.completion}, per start: ${f.statements.start} (each one transaction; BEGIN/COMMIT not counted; the floor sends 3)`,
    `  todo-list p95: ${ms(f.todoP95)}  (floor, primary-key read: ${ms(f.todoFloorP95)})`,
    f.race.processes === 2
      ? `  claim races across two processes (own pools, one database): ${f.race.races}, winners ${f.race.winners} (this process ${f.race.wins[0]}, the other ${f.race.wins[1]}), 409s ${f.race.conflicts}`
      : `  claim races in one process (PGlite cannot be shared by two): ${f.race.races}, winners ${f.race.winners}, 409s ${f.race.conflicts}`,
  ].join('\n');
}
