// Approval figures (docs/approvals.md): the todo list of a handler with many open applications
// among many more, handling (an opinion submitted, the next step created), and the signed PDF.
// Each beside a floor measured in the same run: an authenticated one-row read through the same
// app (what any call of the approval screens costs at least), and for the PDF the rendering alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, migrate, openDb } from '@civdesk/db';
import { demoApply } from '@civdesk/resources';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { sqlOf } from '../../../apps/server/src/core/table-sql.ts';
import { md5hex } from '../../../apps/server/src/modules/auth/passwords.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/index.ts';
import { fmt, percentile } from '../stats.ts';
import { benchSigning, type SigningFigures } from './signing.ts';

export type ApproveSize = { total: number; open: number; handles: number };
export type ApproveFigures = {
  db: 'pglite' | 'postgres';
  size: ApproveSize;
  todoP95: number;
  /** The todo badge (getMyTodoCount: count, warning, overdue) over the same applications. */
  countP95: number;
  handleP50: number;
  handleP95: number;
  floorP95: number;
  /** The 1-minute load average when the timed calls started and when they ended (the machine may be shared). */
  load: { start: number; end: number };
  signing: SigningFigures;
};

const TENANT = '100001';
const API = '/api/dw-biz-mzapprove';
const ITEM = '1901000000000000002'; // 孤儿基本生活费申领: 乡镇受理核实 (town_child) → 县级审批 (county) → 发放登记
const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCard = (first17: string) => first17 + '10X98765432'[[...first17].reduce((s, d, i) => s + Number(d) * W[i], 0) % 11];

const p95 = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    95,
  );

/** The app in this process on `db`, and calls as a signed-in demo user. */
async function appOn(db: Db) {
  const config = { ...loadConfig({ NODE_ENV: 'test', CAPTCHA_MODE: 'off' }), webDist: '/nonexistent', logLevel: 'silent' };
  const app = await buildApp({ db, config });
  const wc = (await app.inject({ method: 'GET', url: '/api/civdesk/web-config' })).json().data;
  const basic = `Basic ${Buffer.from(`${wc.clientId}:${wc.clientSecret}`).toString('base64')}`;
  const as = async (account: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: basic, 'tenant-id': TENANT, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&scope=all&username=${account}&password=${md5hex(account)}`,
    });
    const token = res.json().access_token as string;
    if (!token) throw new Error(`sign-in of ${account} for the benchmark failed: ${res.body}`);
    const headers = { 'blade-auth': `bearer ${token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const r = await app.inject({ method, url: `${API}${url}`, headers, payload });
      if (r.statusCode !== 200) throw new Error(`${url} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
      return r.json().data;
    };
    return { get: (url: string) => call('GET', url), post: (url: string, body: object) => call('POST', url, body) };
  };
  return { app, as };
}

/** A column's name as a JSON key (the SQL helpers quote it). */
const bare = (col: string) => col.replace(/^.*\./, '').replace(/"/g, '');

/**
 * `total` applications waiting at 乡镇受理核实, `open` of them claimed by the handler and the rest
 * by 1 000 other users: copies of one registered application, its process instance, its task and
 * the task's candidate rows (set-based inserts), so every row is what registration writes.
 */
async function fill(db: Db, applyId: string, handlerId: string, size: ApproveSize) {
  const A = sqlOf(demoApply);
  const copies = size.total;
  const base = 8_000_000_000_000;
  const [{ inst, task }] = await db.query<{ inst: string; task: string }>(
    `select ${A.c.processInstanceId} as inst, ${A.c.curTaskId} as task from ${A.table} where ${A.c.id} = $1`,
    [applyId],
  );
  // Each copy is the template row with a few columns replaced: the column list is read from the
  // catalog and the replaced ones written as expressions of g, so the insert stays a plain
  // `insert … select` (a jsonb round trip per row took minutes per million on 2 cores).
  const clone = async (table: string, where: string, set: Record<string, string>) => {
    const cols = (
      await db.query<{ c: string }>(
        `select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
        [bare(table)],
      )
    ).map((r) => r.c);
    if (!cols.length) throw new Error(`no columns found for ${table}`);
    const exprs = cols.map((c) => (c in set ? `${set[c]} as "${c}"` : `x."${c}"`));
    return `insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')})
      select ${exprs.join(', ')} from ${table} x cross join generate_series(1, ${copies}) g where ${where}`;
  };
  // Copies an earlier run left (a PostgreSQL database measured before) would change the sizes,
  // and removing them costs more than starting over: a used database is refused.
  const [left] = await db.query(`select 1 from ${A.table} where ${A.c.id} between ${base} and ${base * 2} limit 1`);
  if (left) throw new Error('the approval bench needs a fresh database (an earlier run left its copies): drop and create it again');
  for (const sql of [
    await clone('wf_instance', `x.id = ${inst}`, { id: `${base} + g` }),
    await clone('wf_task', `x.id = ${task}`, {
      id: `${base} + g`,
      instance_id: `${base} + g`,
      created_at: `now() - g * interval '1 second'`,
      assignee: `case when g <= ${size.open} then '${handlerId}' else (2000000 + g % 1000)::text end`,
      claim_time: 'now()',
    }),
    // A claimed task keeps its candidate rows (the roles that could have claimed it).
    await clone('wf_task_candidate', `x.task_id = ${task}`, { task_id: `${base} + g` }),
    await clone(A.table, `x.${A.c.id} = ${applyId}`, {
      [bare(A.c.id)]: `${base} + g`,
      [bare(A.c.processInstanceId)]: `(${base} + g)::text`,
      [bare(A.c.curTaskId)]: `(${base} + g)::text`,
    }),
  ])
    await db.exec(sql);
  // What autovacuum does after a bulk insert (visibility map, statistics), done now so every run starts alike.
  for (const t of ['wf_instance', 'wf_task', 'wf_task_candidate', A.table]) await db.exec(`vacuum analyze ${t}`);
}

export async function benchApprove(
  kind: 'pglite' | 'postgres',
  o: { pgUrl?: string; size: ApproveSize; signingRuns: number },
  log: (m: string) => void,
): Promise<ApproveFigures> {
  const dir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'civdesk-approve-bench-')) : null;
  const db = kind === 'postgres' ? await openDb({ url: o.pgUrl, poolSize: 16 }) : await openDb({ dataDir: dir as string });
  const { app, as } = await (async () => {
    log(`approvals (${kind}): migrating and seeding`);
    await migrate(db);
    await seedIfEmpty(db, { demo: true, towns: false, passwordGrant: true });
    return appOn(db);
  })();
  try {
    const window = await as('window');
    const town = await as('town_child');
    const [{ id: handlerId }] = await db.query<{ id: string }>(
      `select id::text from blade_user where tenant_id = $1 and account = 'town_child' and is_deleted = 0`,
      [TENANT],
    );
    const register = (n: number) =>
      window.post('/demoApply/doRegister', {
        itemId: ITEM,
        submit: true,
        source: '1',
        formData: {
          childName: `儿童${n}`,
          childIdCard: idCard('11010120150307123'),
          guardianName: '张三',
          phone: '13800138000',
          householdType: '1',
          address: '某县某镇某村1号',
          orphanDate: '2025-06-01',
          familyMembers: 3,
          bankAccount: '622202123456789012',
          reason: '父母双亡，申领基本生活费',
        },
        applicant: { applicantName: `申请人${n}`, applicantIdCard: idCard('11010119900307123'), applicantPhone: '13800138000' },
        members: [],
      }) as Promise<{ id: string }>;

    // Handling: claimed and its tabs saved beforehand (not timed), then the completing button.
    log(`approvals (${kind}): ${o.size.handles} applications registered and handled`);
    const ready: { applyId: string; taskId: string }[] = [];
    for (let i = 0; i < o.size.handles + 20; i++) {
      const { id: applyId } = await register(i);
      const [{ taskId }] = await db.query<{ taskId: string }>(
        `select id::text as "taskId" from wf_task where instance_id = (select process_instance_id::bigint from biz_apply where id = $1) and status = 'open'`,
        [applyId],
      );
      await town.get(`/demoTodo/doClaim?taskId=${taskId}`);
      const pages = (await town.get(`/demoTodo/getAllNonDealPages?applyId=${applyId}&taskId=${taskId}`)) as { id: string }[];
      await town.post('/demoApply/savePage', { applyId, taskId, pageIds: pages.map((p) => p.id) });
      ready.push({ applyId, taskId });
    }
    const handle: number[] = [];
    const floor: number[] = [];
    const loadStart = loadavg()[0];
    for (const [i, r] of ready.entries()) {
      let t = performance.now();
      await town.post('/demoOpinion/submit', {
        applyId: r.applyId,
        taskId: r.taskId,
        realCurActivityName: '乡镇受理核实',
        buttonId: 'accept',
        content: '材料齐全，予以受理',
      });
      if (i >= 20) handle.push(performance.now() - t); // the first ones warm the app's caches
      t = performance.now();
      await town.get(`/demoOpinion/getCountByApplyId?applyId=${r.applyId}`);
      if (i >= 20) floor.push(performance.now() - t);
    }

    log(`approvals (${kind}): ${o.size.total} applications, ${o.size.open} of them the handler's`);
    const template = await register(-1);
    await fill(db, template.id, handlerId, o.size);
    log(`approvals (${kind}): copies made; todo list and count timed`);
    const todo: number[] = [];
    const count: number[] = [];
    for (let i = 0; i < 320; i++) {
      const t = performance.now();
      await town.get(`/demoTodo/getMyTodoList?current=${1 + (i % 5)}&size=10`);
      if (i >= 20) todo.push(performance.now() - t);
      const k = performance.now();
      await town.get('/demoTodo/getMyTodoCount');
      if (i >= 20) count.push(performance.now() - k);
      const f = performance.now();
      await town.get(`/demoOpinion/getCountByApplyId?applyId=${template.id}`);
      if (i >= 20) floor.push(performance.now() - f);
    }

    const loadEnd = loadavg()[0];
    log(`approvals (${kind}): signed PDF, ${o.signingRuns} runs`);
    const signing = await benchSigning(o.signingRuns);
    const sorted = [...handle].sort((a, b) => a - b);
    return {
      db: kind,
      size: o.size,
      todoP95: p95(todo),
      countP95: p95(count),
      handleP50: percentile(sorted, 50),
      handleP95: percentile(sorted, 95),
      floorP95: p95(floor),
      load: { start: loadStart, end: loadEnd },
      signing,
    };
  } finally {
    await app.close();
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

const ratio = (v: number, floor: number) => (floor > 0 ? `${(v / floor).toFixed(1)}×` : '–');

/** The figures as console lines, each with its target and its ratio to the floor of the same run. */
export function approveReport(f: ApproveFigures): string {
  const s = f.signing;
  return [
    `approvals on ${f.db} (${f.size.open} open applications of the handler among ${f.size.total}; load average ${f.load.start.toFixed(1)} → ${f.load.end.toFixed(1)})`,
    `  todo list p95: ${fmt(f.todoP95)} ms (target ≤ 100 ms; ${ratio(f.todoP95, f.floorP95)} the floor)`,
    `  todo count p95: ${fmt(f.countP95)} ms (${ratio(f.countP95, f.floorP95)} the floor)`,
    `  handle p95: ${fmt(f.handleP95)} ms, p50 ${fmt(f.handleP50)} ms (target ≤ 150 ms; ${ratio(f.handleP95, f.floorP95)} the floor)`,
    `  floor, an authenticated one-row read through the app: p95 ${fmt(f.floorP95)} ms`,
    `  signed two-page PDF p95: ${fmt(s.p95)} ms, p50 ${fmt(s.p50)} ms (target ≤ 300 ms; ${ratio(s.p95, s.floorP95)} rendering alone, p95 ${fmt(s.floorP95)} ms)`,
  ].join('\n');
}
