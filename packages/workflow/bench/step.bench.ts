// Micro-benchmark of the engine alone (no database): µs per command for a 4-step sequential
// approval, a parallel join, compile time of typical models, and expression evaluation.
// Run: npx tsx packages/workflow/bench/step.bench.ts
import { readFileSync } from 'node:fs';
import {
  compileDefinitions,
  compileExpression,
  completeTask,
  type InstanceSnapshot,
  lookupOf,
  type ProcessGraph,
  start,
} from '../src/index.ts';
import { processXml } from '../src/testing/bpmn.ts';
import { weekdayCalendar } from '../src/testing/calendar.ts';

let ids = 0;
const ctx = { now: () => new Date('2026-01-02T09:00:00Z'), newId: () => `id${++ids}`, calendar: weekdayCalendar() };
const us = (ms: number, n: number) => ((ms * 1000) / n).toFixed(1);

async function timeCompile(name: string, xml: string, runs: number): Promise<void> {
  let t = performance.now();
  await compileDefinitions(xml);
  const first = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < runs; i++) await compileDefinitions(xml);
  console.log(
    `compile ${name} (${xml.length} bytes): first ${first.toFixed(2)} ms, warm ${((performance.now() - t) / runs).toFixed(2)} ms`,
  );
}

async function sequential(graph: ProcessGraph, instances: number): Promise<void> {
  let startMs = 0;
  let completeMs = 0;
  let completes = 0;
  for (let i = 0; i < instances; i++) {
    let t = performance.now();
    let snapshot: InstanceSnapshot = (await start(graph, { starter: 'u1', variables: { starter: 'u1', amount: i } }, ctx)).snapshot;
    startMs += performance.now() - t;
    while (snapshot.tasks.length) {
      t = performance.now();
      snapshot = (
        await completeTask(
          graph,
          snapshot,
          { taskId: snapshot.tasks[0].id, actor: 'u1', variables: { approved: true }, opinion: '同意' },
          ctx,
        )
      ).snapshot;
      completeMs += performance.now() - t;
      completes++;
    }
  }
  console.log(
    `4-step approval: start ${us(startMs, instances)} µs, complete ${us(completeMs, completes)} µs per command (${completes} completions)`,
  );
}

async function join(graph: ProcessGraph, instances: number): Promise<void> {
  let ms = 0;
  for (let i = 0; i < instances; i++) {
    let snapshot = (await start(graph, {}, ctx)).snapshot;
    snapshot = (await completeTask(graph, snapshot, { taskId: snapshot.tasks[0].id, actor: 'u' }, ctx)).snapshot;
    const t = performance.now();
    await completeTask(graph, snapshot, { taskId: snapshot.tasks[0].id, actor: 'u' }, ctx);
    ms += performance.now() - t;
  }
  console.log(`completion that fires a parallel join: ${us(ms, instances)} µs`);
}

function expressions(): void {
  const cases: [string, Record<string, unknown>][] = [
    ['${amount > 1000}', { amount: 1500 }],
    ['${approved == true}', { approved: true }],
    ['${!approved}', { approved: false }],
    ["${day >= 3 && type eq 'sick'}", { day: 3, type: 'sick' }],
    ['${empty comment}', { comment: '' }],
    ["${outcome == '通过'}", { outcome: '通过' }],
    ['${nrOfCompletedInstances/nrOfInstances >= 0.5}', { nrOfCompletedInstances: 2, nrOfInstances: 4 }],
    ['${starter}', { starter: 'u1' }],
    ['${user.deptId}', { user: { deptId: 'd1' } }],
  ];
  const n = 200_000;
  for (const [source, vars] of cases) {
    const expr = compileExpression(source, 'bench');
    const lookup = lookupOf(vars);
    const t = performance.now();
    for (let i = 0; i < n; i++) expr.evaluate(lookup);
    console.log(`  ${source.padEnd(50)} ${(((performance.now() - t) * 1000) / n).toFixed(3)} µs`);
  }
  const t = performance.now();
  for (let i = 0; i < 20_000; i++) compileExpression(`\${amount > ${i}}`, 'bench');
  console.log(`  compile (cache miss)                               ${(((performance.now() - t) * 1000) / 20_000).toFixed(2)} µs`);
}

const tasks = ['a', 'b', 'c', 'd'];
const approval = processXml(
  'approval',
  `<startEvent id="s"/>${tasks.map((t) => `<userTask id="${t}" flowable:assignee="\${starter}" civ:workingDays="3"/>`).join('')}<endEvent id="e"/>`,
  `s -> ${tasks.join(' -> ')} -> e`,
);
const parallel = processXml(
  'par',
  '<startEvent id="s"/><parallelGateway id="f"/><parallelGateway id="j"/><userTask id="x"/><userTask id="y"/><userTask id="z"/>',
  's -> f\nf -> x -> j\nf -> y -> j\nj -> z',
);
// 12 user tasks, 6 gateways and a boundary timer: the size of a typical approval model.
const typical = processXml(
  'typical',
  `<startEvent id="s"/>${Array.from({ length: 12 }, (_, i) => `<userTask id="t${i}" flowable:assignee="\${starter}"/>`).join('')}
   <exclusiveGateway id="x1" default="x1_t2"/><exclusiveGateway id="x2"/><parallelGateway id="p1"/><parallelGateway id="p2"/><inclusiveGateway id="i1" default="i1_t9"/><inclusiveGateway id="i2"/><endEvent id="e"/>
   <boundaryEvent id="late" attachedToRef="t0" civ:workingDays="3"><timerEventDefinition/></boundaryEvent>`,
  [
    's -> t0 -> x1',
    'x1 -> t1 : ${amount > 1000}',
    'x1 -> t2',
    't1 -> x2',
    't2 -> x2',
    'x2 -> p1',
    'p1 -> t3 -> t4 -> p2',
    'p1 -> t5 -> p2',
    'p2 -> i1',
    'i1 -> t6 : ${a}',
    'i1 -> t7 : ${b}',
    'i1 -> t9',
    't6 -> i2',
    't7 -> i2',
    't9 -> i2',
    'i2 -> t10 -> t11 -> e',
    'late -> t8 -> e',
  ].join('\n'),
);

const leave = readFileSync(new URL('../src/fixtures/flowable-leave.bpmn', import.meta.url), 'utf8');
await timeCompile('typical model (22 nodes)', typical, 200);
await timeCompile('Flowable leave export', leave, 200);
const approvalGraph = (await compileDefinitions(approval)).processes.get('approval')!;
const parallelGraph = (await compileDefinitions(parallel)).processes.get('par')!;
await sequential(approvalGraph, 500); // warm-up
await sequential(approvalGraph, 5000);
await join(parallelGraph, 500);
await join(parallelGraph, 5000);
console.log('expression evaluation, compiled once:');
expressions();
