import type { Db, Queryable } from '@civdesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy } from '../src/modules/workflow/definitions.ts';
import { WorkflowRuntime } from '../src/modules/workflow/runtime.ts';
import { TaskCommands } from '../src/modules/workflow/tasks.ts';
import { openTestDb } from './helpers/build-app.ts';
import { process } from './helpers/workflow.ts';
import { workflowCaller } from './helpers/workflow-caller.ts';

// The statements a process start and a task completion send (a 4-step sequential approval, as the
// bench runs it), counted by wrapping the database handle. The count is deterministic where the
// time is not: a change that adds a statement to the hot path fails here. BEGIN and COMMIT are
// counted apart: each command is exactly one transaction.

const STEPS = 4;
/**
 * What a start and a completion send now (one locked transaction each); a regression fails. A start
 * needs two: its definition is locked and checked before the first step runs (a service task's
 * handler may act outside the database, so a refused start must run nothing), then the step is
 * written with the instance row.
 */
const START_MAX = 2;
const COMPLETE_MAX = 3;
const CLAIM_MAX = 3;

const CLAIMED = process(
  'ClaimCount',
  '签收',
  `<startEvent id="s"/><userTask id="t1" name="待签" flowable:candidateUsers="\${u}"/><endEvent id="e"/>
   <sequenceFlow id="a" sourceRef="s" targetRef="t1"/><sequenceFlow id="b" sourceRef="t1" targetRef="e"/>`,
);

const APPROVAL = process(
  'Approval4Count',
  '四级审批',
  `<startEvent id="s"/>${Array.from({ length: STEPS }, (_, i) => `<userTask id="t${i + 1}" name="审批${i + 1}" flowable:assignee="\${u}"/>`).join('')}<endEvent id="e"/>
   ${Array.from({ length: STEPS + 1 }, (_, i) => `<sequenceFlow id="f${i}" sourceRef="${i === 0 ? 's' : `t${i}`}" targetRef="${i === STEPS ? 'e' : `t${i + 1}`}"/>`).join('')}`,
);

type Counted = { statements: string[]; transactions: number };

/** The database handle with every statement recorded (inside transactions and outside). */
function counting(db: Db, c: Counted): Db {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      c.statements.push(sql);
      return q.query(sql, params);
    },
    exec: (sql) => {
      c.statements.push(sql);
      return q.exec(sql);
    },
  });
  return {
    ...db,
    ...wrap(db),
    tx: (fn) => {
      c.transactions++;
      return db.tx((q) => fn(wrap(q)));
    },
  };
}

let db: Db;
let definitionId: string;
let claimDefinitionId: string;
const c: Counted = { statements: [], transactions: 0 };
let rt: WorkflowRuntime;
let tasks: TaskCommands;

beforeAll(async () => {
  db = await openTestDb();
  [definitionId] = await db.tx((q) =>
    deploy(q, APPROVAL, { tenantIds: ['100001'], category: null, resourceName: 'count.bpmn', actor: null }),
  );
  [claimDefinitionId] = await db.tx((q) =>
    deploy(q, CLAIMED, { tenantIds: ['100001'], category: null, resourceName: 'claim.bpmn', actor: null }),
  );
  rt = new WorkflowRuntime(counting(db, c), 'Asia/Shanghai');
  tasks = new TaskCommands(rt);
});
afterAll(() => db?.close());

const openTask = async (instanceId: string) =>
  (await db.query<{ id: string }>(`select id::text from wf_task where instance_id = $1 and status = 'open'`, [instanceId]))[0]?.id;

/** One approval from start to end; the statements and transactions of each command. */
async function approval(user: string) {
  const counts: { statements: number; transactions: number; first: string | undefined }[] = [];
  const measure = async (fn: () => Promise<unknown>) => {
    c.statements = [];
    c.transactions = 0;
    await fn();
    counts.push({ statements: c.statements.length, transactions: c.transactions, first: c.statements[0] });
  };
  let id = '';
  await measure(async () => {
    id = await rt.start({ tenantId: '100001', definitionId, starter: user, starterName: user, starterDept: null, variables: { u: user } });
  });
  for (let i = 0; i < STEPS; i++) {
    const taskId = await openTask(id);
    await measure(() => tasks.complete(workflowCaller(user), { taskId, flag: 'ok', comment: `第${i + 1}步` }));
  }
  return { id, start: counts[0], completions: counts.slice(1) };
}

describe('statements per command', () => {
  it(`a start sends at most ${START_MAX}, a completion at most ${COMPLETE_MAX}, each in one transaction`, async () => {
    await approval('2001'); // the compiled graph and the working calendar are cached from here on
    const run = await approval('2002');
    console.log(`start: ${run.start.statements} statements; completions: ${run.completions.map((x) => x.statements).join(', ')}`);
    expect(run.start.transactions).toBe(1);
    expect(run.start.statements).toBeLessThanOrEqual(START_MAX);
    // the definition is locked and checked first, before the step is interpreted
    expect(run.start.first).toMatch(/from wf_definition [\s\S]* for share$/);
    for (const x of run.completions) {
      expect(x.transactions).toBe(1);
      expect(x.statements).toBeLessThanOrEqual(COMPLETE_MAX);
    }
    // and the work was done: the instance ended with every step completed, noted and in history
    const [inst] = await db.query<{ status: string }>('select status from wf_instance where id = $1', [run.id]);
    expect(inst.status).toBe('completed');
    const done = await db.query<{ node: string; comment: string; flag: string }>(
      `select node_id as node, comment, flag from wf_task where instance_id = $1 and status = 'completed' order by node_id`,
      [run.id],
    );
    expect(done).toEqual(Array.from({ length: STEPS }, (_, i) => ({ node: `t${i + 1}`, comment: `第${i + 1}步`, flag: 'ok' })));
    const hist = await db.query<{ type: string; node: string | null; seq: number }>(
      `select type, node_id as node, seq from wf_history where instance_id = $1 order by seq`,
      [run.id],
    );
    expect(hist.map((h) => h.seq)).toEqual(hist.map((_, i) => i + 1));
    expect(hist.filter((h) => h.type === 'complete').map((h) => h.node)).toEqual(['t1', 't2', 't3', 't4']);
    const [{ notices }] = await db.query<{ notices: number }>('select count(*)::int as notices from wf_notice where instance_id = $1', [
      run.id,
    ]);
    expect(notices).toBe(STEPS);
    const [{ left }] = await db.query<{ left: number }>(
      `select (select count(*) from wf_token where instance_id = $1) + (select count(*) from wf_task where instance_id = $1 and status = 'open')
         + (select count(*) from wf_task_candidate where task_id in (select id from wf_task where instance_id = $1)) as left`,
      [run.id],
    );
    expect(Number(left)).toBe(0);
  });

  it(`a claim sends at most ${CLAIM_MAX} (lock, read, the task's change with its history)`, async () => {
    await approval('2003'); // caches, as above
    const id = await rt.start({
      tenantId: '100001',
      definitionId: claimDefinitionId,
      starter: '2004',
      starterName: '2004',
      starterDept: null,
      variables: { u: '2004' },
    });
    const taskId = await openTask(id);
    c.statements = [];
    c.transactions = 0;
    await tasks.claim(workflowCaller('2004'), taskId);
    expect(c.transactions).toBe(1);
    expect(c.statements.length).toBeLessThanOrEqual(CLAIM_MAX);
    const [row] = await db.query<{ assignee: string; claimed: boolean }>(
      'select assignee, claim_time is not null as claimed from wf_task where id = $1',
      [taskId],
    );
    expect(row).toEqual({ assignee: '2004', claimed: true });
    const claims = await db.query(`select seq from wf_history where instance_id = $1 and type = 'claim' and task_id = $2`, [id, taskId]);
    expect(claims).toHaveLength(1);
  });
});
