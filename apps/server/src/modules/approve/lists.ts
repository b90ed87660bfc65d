import type { Queryable } from '@civdesk/db';
import type { PageData } from '@civdesk/meta';
import { matWfElement } from '@civdesk/resources';
import type { Caller } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { candidateMatch, Params } from '../workflow/lists.ts';
import { fmt } from '../workflow/sql.ts';
import { A, APPLY, named, OPEN, rowSelect, TERMINAL, warnState } from './sql.ts';

// The work lists: todo (open tasks the caller holds or may claim), done (applications whose steps
// the caller completed), finished (closed applications the caller took part in) and their counts.
// Each page is one statement for the rows beside one count; the todo list starts from the open
// tasks (assignee index, candidate index) and reaches each application by its instance.

const E = sqlOf(matWfElement, 'e');

export type Filter = { current: number; size: number; itemName?: string; applicantName?: string; warnState?: number };

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

function filters(s: Params, f: Omit<Filter, 'current' | 'size'>, now: string): string {
  const w: string[] = [];
  if (f.itemName) w.push(`${A.c.itemName} ilike ${s.p(like(f.itemName))}`);
  if (f.applicantName) w.push(`${A.c.applicantName} ilike ${s.p(like(f.applicantName))}`);
  if (f.warnState !== undefined) w.push(`${warnState(now)} = ${s.p(f.warnState)}`);
  return w.map((x) => ` and ${x}`).join('');
}

async function pageOf<T extends Record<string, unknown>>(q: Queryable, s: Params, from: string, select: string, order: string, f: Filter) {
  const [{ n }] = await q.query<{ n: number }>(`select count(*)::int as n ${from}`, s.values);
  const rows = n
    ? await q.query<T>(`select ${select} ${from} order by ${order} limit ${f.size} offset ${(f.current - 1) * f.size}`, s.values)
    : [];
  return { records: rows.map(named), total: n, size: f.size, current: f.current, pages: Math.ceil(n / f.size) } as PageData<
    ReturnType<typeof named<T>>
  >;
}

/** The open tasks of applications the caller holds or may claim (SQL after `from`). */
function todoFrom(s: Params, c: Caller, f: Omit<Filter, 'current' | 'size'>, now: string, iso: string) {
  const tenant = s.p(c.tenantId);
  // Each task reaches its application by the instance index, one probe per task (a lateral with a
  // limit is never turned into a hash join): the planner otherwise hashes the whole application
  // table, which grows with every application ever registered while the caller's tasks do not.
  return `from (select ${s.p(iso)}::timestamptz as now) z cross join wf_task t
    cross join lateral (select a.* from ${APPLY.table} a where ${A.c.processInstanceId} = t.instance_id::text and ${A.live(tenant)} limit 1) a
    where t.tenant_id = ${tenant} and t.status = 'open'
      and (t.assignee = ${s.p(c.userId)} or (t.assignee is null and t.id in (${candidateMatch(s, c)})))${filters(s, f, now)}`;
}

/**
 * The page is chosen over narrow rows (task, application, order key) with the total beside it in
 * one pass; only the page's rows are then read whole, formatted and masked.
 */
export async function todoList(q: Queryable, tz: string, c: Caller, f: Filter, now: Date) {
  const s = new Params();
  const at = 'z.now';
  const iso = now.toISOString();
  const from = todoFrom(s, c, f, at, iso);
  const select = `${rowSelect(tz, at)}, t.id::text as "taskId", t.node_id as "activityId", t.name as "taskName", (t.assignee is not null) as claimed,
    ${fmt('t.created_at', tz)} as "taskCreateTime",
    coalesce((select ${E.c.ifPermitBatch} = 1 from ${E.table} where ${E.c.versionId}::text = ${A.c.mathfVersionId} and ${E.c.userTaskId} = t.node_id and ${E.c.isDeleted} = 0 limit 1), false) as "ifPermitBatch"`;
  const rows = await q.query<Record<string, unknown> & { total: number }>(
    `with page as (select t.id as tid, ${A.c.id} as aid, t.created_at as at, count(*) over () as total ${from}
                    order by t.created_at, t.id limit ${f.size} offset ${(f.current - 1) * f.size})
     select page.total::int as total, ${select}
       from page cross join (select ${s.p(iso)}::timestamptz as now) z join wf_task t on t.id = page.tid join ${A.table} on ${A.c.id} = page.aid
      order by page.at, page.tid`,
    s.values,
  );
  // A page past the end has no row to carry the total: count on its own then.
  let total = rows.length ? rows[0].total : 0;
  if (!rows.length && f.current > 1) {
    const c2 = new Params();
    total = (await q.query<{ n: number }>(`select count(*)::int as n ${todoFrom(c2, c, f, at, iso)}`, c2.values))[0].n;
  }
  return {
    records: rows.map(({ total: _, ...r }) => named(r)),
    total,
    size: f.size,
    current: f.current,
    pages: Math.ceil(total / f.size),
  } as PageData<ReturnType<typeof named<Record<string, unknown>>>>;
}

export async function todoCount(q: Queryable, c: Caller, now: Date) {
  const s = new Params();
  const at = 'z.now';
  const [r] = await q.query<{ count: number; warning: number; overdue: number }>(
    `select count(*)::int as count, count(*) filter (where ${warnState(at)} = 1)::int as warning,
            count(*) filter (where ${warnState(at)} = 2)::int as overdue ${todoFrom(s, c, {}, at, now.toISOString())}`,
    s.values,
  );
  return r;
}

/**
 * Applications whose steps the caller completed: one row each, at the caller's latest completion.
 * `canRecall`: the steps after it are untouched, and the step was not recalled already (a recall
 * re-opens the same step for the caller: offering 撤回 again would look like it had not worked).
 */
export function doneList(q: Queryable, tz: string, c: Caller, f: Filter, now: Date, finished: boolean) {
  const s = new Params();
  const at = 'z.now';
  const tenant = s.p(c.tenantId);
  const me = s.p(c.userId);
  const statuses = finished ? TERMINAL : OPEN;
  const from = `from (select ${s.p(now.toISOString())}::timestamptz as now) z cross join (select distinct on (t.instance_id) t.instance_id, t.id, t.name, t.node_id, t.end_time from wf_task t
                    where t.tenant_id = ${tenant} and t.completed_by = ${me} order by t.instance_id, t.end_time desc, t.id desc) d
      join ${A.table} on ${A.c.processInstanceId} = d.instance_id::text and ${A.live(tenant)}
     where ${A.c.applyStatus} in (${statuses.map((x) => s.p(x)).join(', ')})${filters(s, f, at)}`;
  const select = `${rowSelect(tz, at)}, d.id::text as "taskId", d.name as "activityName", ${fmt('d.end_time', tz)} as "handleTime",
    (${A.c.applyStatus} in ('SUBMITTED', 'IN_PROGRESS') and not exists (select 1 from wf_task x where x.instance_id = d.instance_id
       and x.created_at >= d.end_time and x.id <> d.id
       and (x.claim_time is not null or x.status = 'completed' or x.node_id = d.node_id))) as "canRecall"`;
  return pageOf(q, s, from, select, finished ? `${A.c.finishTime} desc nulls last, d.id desc` : 'd.end_time desc, d.id desc', f);
}

export async function finishCount(q: Queryable, c: Caller) {
  const [r] = await q.query<{ count: number }>(
    `select count(*)::int as count from ${A.table}
      where ${A.live('$1')} and ${A.c.applyStatus} in (${TERMINAL.map((x) => `'${x}'`).join(', ')})
        and ${A.c.processInstanceId} in (select t.instance_id::text from wf_task t where t.tenant_id = $1 and t.completed_by = $2)`,
    [c.tenantId, c.userId],
  );
  return r;
}
