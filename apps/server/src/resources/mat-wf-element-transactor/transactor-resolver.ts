import { dept, matWfCustomHandler, matWfElement, matWfElementTransactor, region } from '@civdesk/resources';
import type { Candidate } from '@civdesk/workflow';
import { sqlOf } from '../../core/table-sql.ts';
import type { AssignmentResolver } from '../../modules/workflow/engine-context.ts';
import { deptLeaders } from '../../modules/workflow/people.ts';
import { versionOfInstance } from '../mat-wf-version/instance-version.ts';

// Who a matter's task goes to: the transactors configured on its step, with the users and roles
// of its custom handler sets, replace the model's own assignee and candidates. Steps without
// configuration (and processes no matter uses) fall through to the next resolver.

const E = sqlOf(matWfElement);
const T = sqlOf(matWfElementTransactor);
const D = sqlOf(dept, 'd');
const R = sqlOf(region, 'r');
const CH = sqlOf(matWfCustomHandler);

export const transactorResolver: AssignmentResolver = {
  async resolve(req, { q, tenantId, startDept, definitionId }) {
    if (!definitionId) return undefined;
    const versionId = await versionOfInstance(q, tenantId, definitionId, req.variables);
    if (!versionId) return undefined;
    const [step] = await q.query<{ id: string; level: number | null }>(
      `select ${E.c.id}::text as id, ${E.c.transactorRegionLevel} as level from ${E.table}
        where ${E.live('$1')} and ${E.c.versionId} = $2 and ${E.c.userTaskId} = $3`,
      [tenantId, versionId, req.nodeId],
    );
    if (!step) return undefined;
    const rows = await q.query<{ type: number; info: string }>(
      `select ${T.c.transactorType} as type, ${T.c.transactorInfo} as info from ${T.table}
        where ${T.live('$1')} and ${T.c.elementId} = $2 order by ${T.c.orderNum} nulls last, ${T.c.id}`,
      [tenantId, step.id],
    );
    const sets = await q.query<{ userIds: string | null; roleIds: string | null }>(
      `select ${CH.c.userIds} as "userIds", ${CH.c.roleIds} as "roleIds" from ${CH.table}
        where ${CH.live('$1')} and ${CH.c.elementId} = $2 order by ${CH.c.orderNum} nulls last, ${CH.c.id}`,
      [tenantId, step.id],
    );
    if (!rows.length && !sets.length) return undefined;
    const out: Candidate[] = [];
    const add = (c: Candidate) => {
      if (!out.some((o) => o.kind === c.kind && o.value === c.value)) out.push(c);
    };
    for (const r of rows) {
      if (r.type === 1 && (await deptAtLevel(q, tenantId, r.info, step.level))) add({ kind: 'dept', value: r.info });
      else if (r.type === 2) add({ kind: 'role', value: r.info });
      else if (r.type === 3) add({ kind: 'user', value: r.info });
      else if (r.type === 4 && startDept) {
        if (r.info === 'applicantDept') add({ kind: 'dept', value: startDept });
        if (r.info === 'deptLeader') for (const u of await deptLeaders(q, tenantId, startDept)) add({ kind: 'user', value: u });
      }
    }
    // The step's custom handler sets (自定义办理人) join its transactors; a set naming no one adds no one.
    const split = (v: string | null) =>
      (v ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    for (const set of sets) {
      for (const u of split(set.userIds)) add({ kind: 'user', value: u });
      for (const r of split(set.roleIds)) add({ kind: 'role', value: r });
    }
    return { assignee: null, candidates: out };
  },
};

/** True when the department's area is at the step's region level (or the step names no level). */
async function deptAtLevel(q: Parameters<AssignmentResolver['resolve']>[1]['q'], tenantId: string, deptId: string, level: number | null) {
  if (level === null) return true;
  const found = await q.query(
    `select 1 from ${D.table} join ${R.table} on ${R.c.id} = ${D.c.areaId} and ${R.live()}
      where ${D.c.id}::text = $2 and ${D.live('$1')} and ${R.c.regionLevel} = $3`,
    [tenantId, deptId, level],
  );
  return found.length > 0;
}
