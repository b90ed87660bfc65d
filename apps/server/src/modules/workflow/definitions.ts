import { type Queryable, sqlLiteral } from '@civdesk/db';
import { isIdText } from '@civdesk/meta';
import { dictionaries } from '@civdesk/resources';
import { compileDefinitions, ModelError, type ProcessGraph } from '@civdesk/workflow';
import { badRequest, notFound } from '../../core/envelope.ts';
import { newId } from '../../crud/ids.ts';
import { fmt } from './sql.ts';

// Deployed versions: compiling a model's XML, storing one row per process and version, and the
// compiled graphs kept per server copy (a version never changes once deployed).

/** The largest BPMN file a model or an upload may hold. */
export const MAX_XML_BYTES = 5 * 1024 * 1024;

const categoryNames = new Map(dictionaries.flow.entries);
export const categoryName = (c: string | null) => (c ? (categoryNames.get(c) ?? c) : '');

/** Compiles XML or answers 400 with the engine's message (naming the element and its type). */
export async function compileOrRefuse(xml: string) {
  if (Buffer.byteLength(xml) > MAX_XML_BYTES) throw badRequest('流程文件不能超过5MB');
  try {
    const compiled = await compileDefinitions(xml);
    if (!compiled.processes.size) throw badRequest('流程文件中没有可执行的流程');
    return compiled;
  } catch (e) {
    if (e instanceof ModelError) throw badRequest(e.message);
    throw e;
  }
}

export type FlowProcess = {
  id: string;
  tenantId: string;
  name: string | null;
  key: string;
  category: string | null;
  categoryName: string;
  version: number;
  deploymentId: string;
  resourceName: string | null;
  suspensionState: number;
  deploymentTime: string;
};

/** The columns of a FlowProcess, read from wf_definition `d` (times in the product's zone, `$tz`). */
export const flowProcessColumns = (tz: string) => `d.id::text as id, d.tenant_id as "tenantId", d.name, d.process_key as key, d.category,
  d.version, d.deployment_id::text as "deploymentId", d.resource_name as "resourceName", d.suspension_state as "suspensionState",
  ${fmt('d.deploy_time', tz)} as "deploymentTime"`;

export const withCategoryName = <T extends { category: string | null }>(r: T) => ({ ...r, categoryName: categoryName(r.category) });

/**
 * Deploys every process of a file for each tenant: a new version per key. Returns the new rows'
 * ids; the caller reads them back.
 */
export async function deploy(
  q: Queryable,
  xml: string,
  o: { tenantIds: string[]; category: string | null; resourceName: string; actor: string | null },
): Promise<string[]> {
  const compiled = await compileOrRefuse(xml);
  const deploymentId = newId();
  const ids: string[] = [];
  for (const tenantId of o.tenantIds) {
    for (const [key, graph] of compiled.processes) {
      const id = newId();
      // A key's versions are numbered in order; the lock makes two deployments of one key take turns.
      await q.query('select pg_advisory_xact_lock(hashtext($1))', [`wf_definition:${tenantId}:${key}`]);
      await q.query(
        `insert into wf_definition (id, tenant_id, deployment_id, process_key, name, category, version, resource_name, xml, deployed_by, deploy_time)
         select $1, $2::varchar, $3, $4::varchar, $5, $6, coalesce(max(version), 0) + 1, $7, $8, $9, now()
           from wf_definition where tenant_id = $2::varchar and process_key = $4::varchar`,
        [id, tenantId, deploymentId, key, graph.name ?? key, o.category, o.resourceName, xml, o.actor],
      );
      graphs.set(id, Promise.resolve(graph));
      ids.push(id);
    }
  }
  return ids;
}

// definition id → its compiled graph, for the life of this server copy.
const graphs = new Map<string, Promise<ProcessGraph>>();

export type DefinitionRow = { id: string; tenantId: string; key: string; name: string | null; suspensionState: number; xml?: string };

/** One definition of a tenant, or 404. */
export async function definitionOf(q: Queryable, id: string, tenantId: string | null): Promise<DefinitionRow> {
  const [d] = await q.query<DefinitionRow>(
    `select id::text, tenant_id as "tenantId", process_key as key, name, suspension_state as "suspensionState"
       from wf_definition where id = $1 and ($2::text is null or tenant_id = $2)`,
    [id, tenantId],
  );
  if (!d) throw notFound('流程定义不存在');
  return d;
}

/**
 * Locks a definition of a tenant until the transaction ends and answers its suspension state (1
 * active, 2 suspended), or null when the tenant has none such. FOR SHARE: starts on one definition
 * do not wait for each other, while a suspension or a deletion (by any server copy) waits for the
 * starts under way, and a start that waited reads the state the other committed.
 */
export async function lockDefinition(q: Queryable, id: string, tenantId: string): Promise<number | null> {
  if (!isIdText(id)) return null;
  // Literals, not parameters: as a start's first statement it travels with the transaction's BEGIN.
  const [d] = await q.query<{ state: number }>(
    `select suspension_state as state from wf_definition where id = ${id} and tenant_id = ${sqlLiteral(tenantId)} for share`,
  );
  return d?.state ?? null;
}

/** The newest version of a key in a tenant (call activities start it). */
export async function latestDefinition(q: Queryable, tenantId: string, key: string): Promise<DefinitionRow | null> {
  const [d] = await q.query<DefinitionRow>(
    `select id::text, tenant_id as "tenantId", process_key as key, name, suspension_state as "suspensionState"
       from wf_definition where tenant_id = $1 and process_key = $2 order by version desc limit 1`,
    [tenantId, key],
  );
  return d ?? null;
}

/** The compiled graph of a definition: compiled once per server copy. */
export function graphOf(q: Queryable, definitionId: string): Promise<ProcessGraph> {
  let g = graphs.get(definitionId);
  if (!g) {
    g = (async () => {
      const [d] = await q.query<{ xml: string; key: string }>('select xml, process_key as key from wf_definition where id = $1', [
        definitionId,
      ]);
      if (!d) throw notFound('流程定义不存在');
      const compiled = await compileDefinitions(d.xml);
      const graph = compiled.processes.get(d.key);
      if (!graph) throw new Error(`definition ${definitionId} has no process ${d.key}`);
      return graph;
    })();
    graphs.set(definitionId, g);
    g.catch(() => graphs.delete(definitionId));
  }
  return g;
}
