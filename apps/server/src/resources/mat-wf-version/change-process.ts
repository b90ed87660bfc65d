import type { Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/envelope.ts';
import { InstanceCommands } from '../../modules/workflow/admin.ts';
import { workflowOf } from '../../modules/workflow/runtime.ts';
import { graphOfVersion, VERSION_VAR, versionFor } from './version.service.ts';

/**
 * Moves the running instances of one version of a matter to another version of the same matter:
 * only when every step an instance is at exists in the target's model (checked for all instances
 * first, so a refusal moves none). Each move is the runtime's migrate command; the instance then
 * names the target version.
 */
export async function changeProcess(ctx: AppContext, s: Scope, versionId: string, targetVersionId: string) {
  const tenantId = s.caller.tenantId;
  const from = await versionFor(ctx.db, s, versionId);
  const to = await versionFor(ctx.db, s, targetVersionId);
  if (from.id === to.id) throw badRequest('目标版本不能与当前版本相同');
  if (from.itemId !== to.itemId) throw badRequest('只能切换到同一事项的其他版本');
  const toGraph = await graphOfVersion(ctx.db, to);
  const running = await ctx.db.query<{ id: string; nodes: string[] }>(
    `select i.id::text, coalesce(array_agg(distinct t.node_id) filter (where t.node_id is not null), '{}') as nodes
       from wf_instance i left join wf_task t on t.instance_id = i.id and t.status = 'open'
      where i.tenant_id = $1 and i.definition_id::text = $2 and i.status = 'active'
        and coalesce(i.vars->>'${VERSION_VAR}', $3) = $3
      group by i.id order by i.id`,
    [tenantId, String(from.flowDefId), String(from.id)],
  );
  const fromGraph = await graphOfVersion(ctx.db, from);
  for (const inst of running) {
    for (const node of inst.nodes) {
      if (!toGraph.nodes.has(node)) {
        const name = fromGraph.nodes.get(node)?.name ?? node;
        throw badRequest(`目标版本${to.versionCode}中没有环节“${name}”(${node})，不能切换`);
      }
    }
  }
  const admin = new InstanceCommands(workflowOf(ctx));
  for (const inst of running) {
    if (String(to.flowDefId) !== String(from.flowDefId)) await admin.migrate(s.caller, tenantId, inst.id, String(to.flowDefId), {});
    await ctx.db.query(`update wf_instance set vars = vars || jsonb_build_object('${VERSION_VAR}', $2::text) where id = $1`, [
      inst.id,
      String(to.id),
    ]);
  }
  return { moved: running.length };
}
