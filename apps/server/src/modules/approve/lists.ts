import type { Queryable } from '@civdesk/db';
import type { PageData } from '@civdesk/meta';
import { matWfElement, user } from '@civdesk/resources';
import type { Caller } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { candidateMatch, Params } from '../workflow/lists.ts';
import { fmt } from '../workflow/sql.ts';
import { A, APPLY, named, OPEN, rowSelect, TERMINAL, warnState } from './sql.ts';

// The work lists: todo (open tasks the caller holds or may claim), done (applications whose steps
// the caller completed), finished (closed applications the caller took part in), the suspension
// requests awaiting the caller's audit, and their counts.
// Each page is one statement for the rows beside one count; the todo list starts from the open
// tasks (open-task index by assignee, then candidate rows) and reaches each application by its instance.

const E = sqlOf(matWfElement, 'e');
const U = sqlOf(user, 'u');

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

/** The application columns the filters and warnState read (not the whole row: form data is large). */
const NARROW = [A.c.id, A.c.itemName, A.c.applicantName, A.c.applyStatus, A.c.curActivityDeadlineDate, A.c.curActivityWarnDate];

const unfiltered = (f: Omit<Filter, 'current' | 'size'>) => !f.itemName && !f.applicantName && f.warnState === undefined;

/**
 * The caller's open tasks of live applications, as two statements to `union all`: the tasks they
 * hold, and the unclaimed ones they may claim. Each is a range of the open-task index (tenant,
 * assignee, created_at, id, instance_id) in list order; an `or` of the two reads every open task of
 * the tenant, and a claimed task keeps its candidate rows, so the candidate side alone can match
 * every task of a role. Each task reaches its application by one probe of the instance index (a
 * lateral with a limit is never turned into a hash join over every application ever registered).
 * `rows`: the task (id, instance_id, created_at) with its application's narrow columns (`aid`, …);
 * else only the tasks whose application exists, which an index-only probe answers.
 */
function todoBranches(s: Params, c: Caller, f: Omit<Filter, 'current' | 'size'>, iso: string, rows: boolean): [string, string] {
  const tenant = s.p(c.tenantId);
  const me = s.p(c.userId);
  const candidates = candidateMatch(s, c);
  // The instant only when warnState is filtered on (an unused parameter is an error).
  const where = filters(s, f, f.warnState === undefined ? '' : `${s.p(iso)}::timestamptz`);
  const probe = `from ${APPLY.table} a where ${A.c.processInstanceId} = t.instance_id::text and ${A.live(tenant)}`;
  const branch = (who: string) =>
    rows
      ? `select t.id, t.instance_id, t.created_at, ${A.c.id} as aid, ${NARROW.slice(1).join(', ')} from wf_task t
          cross join lateral (select ${NARROW.join(', ')} ${probe} limit 1) a
          where t.tenant_id = ${tenant} and t.status = 'open' and ${who}${where}`
      : `select t.id from wf_task t where t.tenant_id = ${tenant} and t.status = 'open' and ${who} and exists (select 1 ${probe})`;
  return [branch(`t.assignee = ${me}`), branch(`t.assignee is null and t.id in (${candidates})`)];
}

/** How many tasks the list holds. */
async function todoTotal(q: Queryable, c: Caller, f: Omit<Filter, 'current' | 'size'>, iso: string) {
  const s = new Params();
  const [mine, claimable] = todoBranches(s, c, f, iso, !unfiltered(f));
  return (await q.query<{ n: number }>(`select count(*)::int as n from (${mine} union all ${claimable}) x`, s.values))[0].n;
}

/**
 * The total beside the page, chosen over narrow rows (task, application, order key): each branch
 * stops after the rows up to the page's last (in index order for the caller's own tasks), and only
 * the page's rows are then read whole, formatted and masked.
 */
export async function todoList(q: Queryable, tz: string, c: Caller, f: Filter, now: Date) {
  const iso = now.toISOString();
  const s = new Params();
  const [mine, claimable] = todoBranches(s, c, f, iso, true);
  const offset = (f.current - 1) * f.size;
  const upTo = `order by t.created_at, t.id limit ${offset + f.size}`;
  const select = `${rowSelect(tz, 'z.now')}, t.id::text as "taskId", t.node_id as "activityId", t.name as "taskName", (t.assignee is not null) as claimed,
    ${fmt('t.created_at', tz)} as "taskCreateTime",
    coalesce((select ${E.c.ifPermitBatch} = 1 from ${E.table} where ${E.c.versionId}::text = ${A.c.mathfVersionId} and ${E.c.userTaskId} = t.node_id and ${E.c.isDeleted} = 0 limit 1), false) as "ifPermitBatch"`;
  const [total, rows] = await Promise.all([
    todoTotal(q, c, f, iso),
    q.query<Record<string, unknown>>(
      `with page as (select b.id as tid, b.aid, b.created_at as at from ((${mine} ${upTo}) union all (${claimable} ${upTo})) b
                      order by b.created_at, b.id limit ${f.size} offset ${offset})
       select ${select}
         from page cross join (select ${s.p(iso)}::timestamptz as now) z join wf_task t on t.id = page.tid join ${A.table} on ${A.c.id} = page.aid
        order by page.at, page.tid`,
      s.values,
    ),
  ]);
  return {
    records: rows.map(named),
    total,
    size: f.size,
    current: f.current,
    pages: Math.ceil(total / f.size),
  } as PageData<ReturnType<typeof named<Record<string, unknown>>>>;
}

export async function todoCount(q: Queryable, c: Caller, now: Date) {
  const s = new Params();
  const iso = now.toISOString();
  const [mine, claimable] = todoBranches(s, c, {}, iso, true);
  const at = `${s.p(iso)}::timestamptz`;
  const [r] = await q.query<{ count: number; warning: number; overdue: number }>(
    `select count(*)::int as count, count(*) filter (where ${warnState(at)} = 1)::int as warning,
            count(*) filter (where ${warnState(at)} = 2)::int as overdue from (${mine} union all ${claimable}) a`,
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

/**
 * The suspension requests the caller may audit: pending, their task still open (a request lapses
 * when the step moves on), not the caller's own, on a step whose leader role the caller holds (by
 * id or alias; the tenant's administrators where the step names none), or any for a caller with
 * every grant. The same rule as the audit itself (suspension.ts, mayAudit).
 */
function suspendAuditFrom(s: Params, c: Caller, f: Omit<Filter, 'current' | 'size'>, now: string) {
  const tenant = s.p(c.tenantId);
  const leader = `coalesce((select ${E.c.leaderRole}::text from ${E.table} where ${E.live(tenant)}
      and ${E.c.versionId}::text = ${A.c.mathfVersionId} and ${E.c.userTaskId} = t.node_id limit 1), 'admin')`;
  const mine = c.grants.all
    ? ''
    : ` and ${leader} in (select jsonb_array_elements_text(${s.p(JSON.stringify([...c.roleIds, ...c.roleAliases]))}::jsonb))`;
  return `from (select ${now} as now) z cross join biz_apply_suspension sp
      join wf_task t on t.id = sp.task_id and t.status = 'open'
      join ${A.table} on ${A.c.id} = sp.apply_id and ${A.live(tenant)}
     where sp.tenant_id = ${tenant} and sp.audit_status = 'pending' and sp.requested_by <> ${s.p(c.userId)}${mine}${filters(s, f, 'z.now')}`;
}

export function suspendAuditList(q: Queryable, tz: string, c: Caller, f: Filter, now: Date) {
  const s = new Params();
  const from = suspendAuditFrom(s, c, f, `${s.p(now.toISOString())}::timestamptz`);
  const select = `${rowSelect(tz, 'z.now')}, sp.id::text as "suspendId", sp.reason as "suspendReason", t.id::text as "taskId",
    t.name as "activityName", ${fmt('sp.start_time', tz)} as "requestTime",
    (select ${U.c.realName} from ${U.table} where ${U.c.id}::text = sp.requested_by) as "requestedByName"`;
  return pageOf(q, s, from, select, 'sp.start_time, sp.id', f);
}

export async function suspendAuditCount(q: Queryable, c: Caller, now: Date) {
  const s = new Params();
  const from = suspendAuditFrom(s, c, {}, `${s.p(now.toISOString())}::timestamptz`);
  const [r] = await q.query<{ count: number }>(`select count(*)::int as count ${from}`, s.values);
  return r;
}
