import type { Queryable } from '@civdesk/db';
import { dept } from '@civdesk/resources';
import type { Caller, Scope } from '../../core/caller.ts';
import { seenThroughSql } from '../../crud/data-scope.ts';
import { historyFlow, Params } from '../workflow/lists.ts';
import { realName, userJoin } from '../workflow/people.ts';
import { fmt } from '../workflow/sql.ts';
import { type ApplyRow, mustBeHandler } from './apply-store.ts';
import { A, named, rowSelect, warnState } from './sql.ts';

// demoApply's list, statistics, the steps' handlers and the flow chart.

function scoped(s: Params, c: Caller): string {
  const sql = seenThroughSql(dept, 'id', c, s, A.c.createDept);
  return sql ? ` and (${sql} or ${A.c.createUser}::text = ${s.p(c.userId)})` : '';
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, '\\$&')}%`;

export async function applyPage(
  q: Queryable,
  sc: Scope,
  f: { current: number; size: number; itemName?: string; applicantName?: string; status?: string; source?: string },
  now: Date,
) {
  const s = new Params();
  const at = 'z.now';
  const z = `(select ${s.p(now.toISOString())}::timestamptz as now) z cross join`;
  const w = [A.live(s.p(sc.caller.tenantId))];
  if (f.itemName) w.push(`${A.c.itemName} ilike ${s.p(like(f.itemName))}`);
  if (f.applicantName) w.push(`${A.c.applicantName} ilike ${s.p(like(f.applicantName))}`);
  if (f.status) w.push(`${A.c.applyStatus} = ${s.p(f.status)}`);
  if (f.source) w.push(`${A.c.source} = ${s.p(f.source)}`);
  const from = `from ${z} ${A.table} where ${w.join(' and ')}${scoped(s, sc.caller)}`;
  const [{ n }] = await q.query<{ n: number }>(`select count(*)::int as n ${from}`, s.values);
  const rows = n
    ? await q.query<Record<string, unknown>>(
        `select ${rowSelect(sc.tz, at)} ${from} order by ${A.c.createTime} desc, ${A.c.id} desc limit ${f.size} offset ${(f.current - 1) * f.size}`,
        s.values,
      )
    : [];
  return { records: rows.map(named), total: n, size: f.size, current: f.current, pages: Math.ceil(n / f.size) };
}

export async function stats(q: Queryable, sc: Scope, itemId: string | undefined, now: Date) {
  const s = new Params();
  const at = `${s.p(now.toISOString())}::timestamptz`;
  const w = [A.live(s.p(sc.caller.tenantId))];
  if (itemId) w.push(`${A.c.itemId} = ${s.p(itemId)}`);
  const rows = await q.query<{ status: string; warn: number; n: number }>(
    `select ${A.c.applyStatus} as status, ${warnState(at)} as warn, count(*)::int as n from ${A.table}
      where ${w.join(' and ')}${scoped(s, sc.caller)} group by 1, 2`,
    s.values,
  );
  const byStatus: Record<string, number> = {};
  const byWarnState: Record<string, number> = { 0: 0, 1: 0, 2: 0, 3: 0 };
  let total = 0;
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
    byWarnState[r.warn] += r.n;
    total += r.n;
  }
  return { total, byStatus, byWarnState };
}

/** Who handled / handles each step (one step with `activityId`), oldest first. */
export async function stepUsers(q: Queryable, sc: Scope, apply: ApplyRow, activityId?: string) {
  if (!apply.processInstanceId) return [];
  return q.query(
    `select t.node_id as "activityId", t.name as "activityName", coalesce(t.completed_by, t.assignee) as "userId", ${realName('u')} as "userName",
            ${fmt('t.end_time', sc.tz)} as "endTime", t.status
       from wf_task t ${userJoin('u', 'coalesce(t.completed_by, t.assignee)')}
      where t.instance_id = $1::bigint and t.tenant_id = $2 and ($3::text is null or t.node_id = $3)
      order by t.created_at, t.id`,
    [apply.processInstanceId, sc.caller.tenantId, activityId ?? null],
  );
}

/** The flow chart as the workflow's model-view answers it: the XML, the steps taken and the flows taken. */
export async function modelView(q: Queryable, sc: Scope, apply: ApplyRow) {
  await mustBeHandler(q, sc.caller, apply);
  if (!apply.processInstanceId) return { xml: null, flow: [], takenFlows: [] };
  const [d] = await q.query<{ xml: string }>(
    'select d.xml from wf_instance i join wf_definition d on d.id = i.definition_id where i.id = $1::bigint and i.tenant_id = $2',
    [apply.processInstanceId, sc.caller.tenantId],
  );
  const flows = await q.query<{ id: string }>(
    'select distinct flow_id as id from wf_history where instance_id = $1::bigint and tenant_id = $2 and flow_id is not null order by 1',
    [apply.processInstanceId, sc.caller.tenantId],
  );
  return {
    xml: d?.xml ?? null,
    flow: await historyFlow(q, sc.tz, sc.caller.tenantId, apply.processInstanceId),
    takenFlows: flows.map((f) => f.id),
  };
}
