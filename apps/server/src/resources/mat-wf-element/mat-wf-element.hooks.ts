import { permCode } from '@civdesk/meta';
import { matWfElement, matWfElementGatewayCondition, matWfElementTransactor } from '@civdesk/resources';
import { z } from 'zod';
import { Obj, Row } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { id } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { assertEditable, versionFor } from '../mat-wf-version/version.service.ts';
import { versionGraph } from './step.service.ts';
import { versionSteps } from './version-steps.ts';

const E = sqlOf(matWfElement);
const VersionQuery = z.object({ versionId: id });
const TaskQuery = z.object({ versionId: id, userTaskId: z.string().min(1).max(64) });

/** The version's BPMN steps and gateways, each with its configuration state. */
async function getVersionElements({ ctx, req, query }: Call<{ query: typeof VersionQuery }>) {
  const s = scopeOf(req);
  await versionFor(ctx.db, s, query.versionId);
  return ok(await versionSteps(ctx.db, s.caller.tenantId, query.versionId));
}

/** The configuration of one BPMN step of a version (null while it has none). */
async function getByVersionTask({ ctx, req, query }: Call<{ query: typeof TaskQuery }>) {
  const s = scopeOf(req);
  await versionFor(ctx.db, s, query.versionId);
  return ok(await findOne(ctx.db, matWfElement, s, { versionId: query.versionId, userTaskId: query.userTaskId }));
}

/**
 * Step configuration: the step must be a user task of the version's model, the item is the
 * version's, and a version instances use is not changed. Removing a step removes its transactors
 * and gateway conditions.
 */
export const matWfElementHooks: ResourceHooks = {
  async beforeWrite({ db, existing, tenantId }, values) {
    const versionId = String(values.versionId ?? existing?.versionId);
    const { version, graph } = await versionGraph(db, tenantId, versionId);
    await assertEditable(db, tenantId, versionId);
    if (existing && values.versionId !== undefined && String(existing.versionId) !== versionId)
      await assertEditable(db, tenantId, String(existing.versionId));
    const task = String(values.userTaskId ?? existing?.userTaskId);
    if (graph.nodes.get(task)?.type !== 'userTask') {
      const msg = `流程中没有环节${task}`;
      throw badRequest(msg, { errors: [{ field: 'userTaskId', message: msg }] });
    }
    values.itemId = version.itemId;
  },
  async afterRemove({ db, scope, ids }) {
    const tenantId = scope.caller.tenantId;
    const used = await db.query<{ v: string }>(
      `select distinct ${E.c.versionId}::text as v from ${E.table} where ${E.c.id}::text = any($1) and ${E.tenant('$2')}`,
      [ids, tenantId],
    );
    for (const u of used) await assertEditable(db, tenantId, u.v);
    for (const r of [matWfElementTransactor, matWfElementGatewayCondition]) {
      const R = sqlOf(r);
      await db.query(`update ${R.table} set is_deleted = 1 where ${R.live('$2')} and ${R.c.elementId}::text = any($1)`, [ids, tenantId]);
    }
  },
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    const auth = { perm: permCode(r, 'view') };
    route.get(
      `${r.api}/getVersionElements`,
      { auth, summary: '版本的流程环节及其配置状态', query: VersionQuery, data: z.object({ steps: z.array(Obj), gateways: z.array(Obj) }) },
      getVersionElements,
    );
    route.get(
      `${r.api}/getByVersionTask`,
      { auth, summary: '版本中某环节的配置', query: TaskQuery, data: Row.nullable() },
      getByVersionTask,
    );
  },
};
