import type { Queryable, Row } from '@civdesk/db';
import { matWfElement, matWfVersion } from '@civdesk/resources';
import type { ProcessGraph } from '@civdesk/workflow';
import { badRequest, notFound } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { graphOf } from '../../modules/workflow/definitions.ts';

// A step configuration and the version (and model) it belongs to, read by the step's own calls and
// by the transactor and gateway-condition hooks.

const V = sqlOf(matWfVersion);

export type StepOf = { versionId: string; flowDefId: string; userTaskId: string; itemId: string | null };

/** The version and graph of a step of the tenant, or a 400 naming `field`. */
export async function stepOf(q: Queryable, tenantId: string, elementId: string, field = 'elementId') {
  const e = sqlOf(matWfElement, 'e');
  const v = sqlOf(matWfVersion, 'v');
  const [st] = await q.query<StepOf>(
    `select ${e.c.versionId}::text as "versionId", ${v.c.flowDefId} as "flowDefId", ${e.c.userTaskId} as "userTaskId", ${e.c.itemId} as "itemId"
       from ${e.table} join ${v.table} on ${v.c.id} = ${e.c.versionId} and ${v.live('$2')}
      where ${e.c.id} = $1 and ${e.live('$2')}`,
    [elementId, tenantId],
  );
  if (!st) throw badRequest('环节配置不存在', { errors: [{ field, message: '环节配置不存在' }] });
  return { step: st, graph: await graphOf(q, st.flowDefId) };
}

/** A version of the tenant with its graph, or 404. */
export async function versionGraph(q: Queryable, tenantId: string, versionId: string): Promise<{ version: Row; graph: ProcessGraph }> {
  const [version] = await q.query<Row>(
    `select ${V.c.id}::text as id, ${V.c.itemId} as "itemId", ${V.c.flowDefId} as "flowDefId" from ${V.table} where ${V.c.id} = $1 and ${V.live('$2')}`,
    [versionId, tenantId],
  );
  if (!version) throw notFound('流程版本不存在');
  return { version, graph: await graphOf(q, String(version.flowDefId)) };
}
