import type { Queryable } from '@civdesk/db';
import { dept } from '@civdesk/resources';
import type { Caller } from '../../core/caller.ts';
import { notFound } from '../../core/envelope.ts';
import { seenThroughSql } from '../../crud/data-scope.ts';
import { candidateOf, Params } from './lists.ts';

// Which instances a caller sees: those started in a department the caller's data scope on
// departments reaches (own department, own department and below, ...); no rule, the whole tenant.

/** ` and <filter>` on the instance `alias`, or nothing when the caller's scope does not filter. */
export function instanceScope(s: Params, c: Caller, alias = 'i'): string {
  const sql = seenThroughSql(dept, 'id', c, s, `${alias}.start_dept`);
  return sql ? ` and ${sql}` : '';
}

/**
 * The caller took part in the instance: started it, holds or held one of its tasks, may claim one,
 * or was sent a copy. A participant opens its diagram and history whatever their data scope.
 */
function participantSql(s: Params, c: Caller, alias = 'i'): string {
  const u = s.p(c.userId);
  return `(${alias}.start_user = ${u}
    or exists (select 1 from wf_task pt where pt.instance_id = ${alias}.id and (pt.assignee = ${u} or pt.completed_by = ${u} or pt.owner = ${u}
      or ${candidateOf(s, c, 'pt.id')}))
    or exists (select 1 from wf_cc pc where pc.instance_id = ${alias}.id and pc.user_id = ${u}))`;
}

/**
 * Answers 404 (as for an instance that does not exist) unless the caller sees the instance; with
 * `participants`, also when the caller took part in it (reading its diagram and history).
 */
export async function assertSeesInstance(q: Queryable, c: Caller, instanceId: string, o: { participants?: boolean } = {}) {
  const s = new Params();
  const where = `i.id = ${s.p(instanceId)} and i.tenant_id = ${s.p(c.tenantId)}`;
  const scope = instanceScope(s, c);
  let sql = where + scope;
  if (scope && o.participants) sql = `${where} and (${scope.slice(5)} or ${participantSql(s, c)})`;
  const [row] = await q.query(`select 1 from wf_instance i where ${sql}`, s.values);
  if (!row) throw notFound('流程实例不存在');
}
