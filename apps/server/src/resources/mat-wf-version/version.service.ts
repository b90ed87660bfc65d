import type { Queryable, Row } from '@civdesk/db';
import { matWfElement, matWfElementGatewayCondition, matWfElementTransactor, matWfVersion } from '@civdesk/resources';
import type { ProcessGraph } from '@civdesk/workflow';
import type { Scope } from '../../core/caller.ts';
import { badRequest, notFound } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { findOne } from '../../crud/repository.ts';
import { graphOf } from '../../modules/workflow/definitions.ts';

// Workflow versions of a matter: which definition, over which dates, whether instances use it.

const V = sqlOf(matWfVersion);
const E = sqlOf(matWfElement);
const T = sqlOf(matWfElementTransactor);
const G = sqlOf(matWfElementGatewayCondition);

/** The instance variable naming the version an instance of a matter runs under. */
export const VERSION_VAR = 'matWfVersionId';

/** A version the caller may see (tenant and data scope), or 404. */
export async function versionFor(db: Queryable, s: Scope, id: string): Promise<Row> {
  const found = await findOne(db, matWfVersion, s, { id });
  if (!found) throw notFound('流程版本不存在');
  return found;
}

/** A deployed definition of the tenant, or a 400 naming the field. */
export async function assertDefinition(db: Queryable, tenantId: string, flowDefId: string): Promise<void> {
  const found = /^\d{1,19}$/.test(flowDefId)
    ? await db.query('select 1 from wf_definition where id::text = $1 and tenant_id = $2', [flowDefId, tenantId])
    : [];
  if (!found.length) throw badRequest('流程定义不存在', { errors: [{ field: 'flowDefId', message: '流程定义不存在' }] });
}

/** The compiled graph of a version's definition. */
export const graphOfVersion = (db: Queryable, version: Row): Promise<ProcessGraph> => graphOf(db, String(version.flowDefId));

/**
 * Instances started under a version: those on its definition naming it, or naming no version at
 * all (started on the definition directly), in any state.
 */
export async function instanceCount(db: Queryable, tenantId: string, version: Row, activeOnly = false): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `select count(*)::int as n from wf_instance where tenant_id = $1 and definition_id::text = $2
        and coalesce(vars->>'${VERSION_VAR}', $3) = $3 ${activeOnly ? `and status = 'active'` : ''}`,
    [tenantId, String(version.flowDefId), String(version.id)],
  );
  return r.n;
}

export const IN_USE = '该版本已有办件使用，不能修改，请保存为新版本';

/** Refuses a change to a version (or its steps) that instances already use. */
export async function assertEditable(db: Queryable, tenantId: string, versionId: string): Promise<void> {
  const [v] = await db.query<Row>(
    `select ${V.c.id}::text as id, ${V.c.flowDefId} as "flowDefId" from ${V.table} where ${V.c.id} = $1 and ${V.live('$2')}`,
    [versionId, tenantId],
  );
  if (v && (await instanceCount(db, tenantId, v)) > 0) throw badRequest(IN_USE);
}

/** Refuses an end before the start and a date range that overlaps another version of the item. */
export async function assertNoOverlap(
  db: Queryable,
  tenantId: string,
  v: { id?: string | null; itemId: string; startTime: string; endTime: string | null },
): Promise<void> {
  if (v.endTime && v.endTime < v.startTime)
    throw badRequest('结束日期不能早于开始日期', { errors: [{ field: 'endTime', message: '结束日期不能早于开始日期' }] });
  const [other] = await db.query<{ code: string; s: string; e: string | null }>(
    `select ${V.c.versionCode} as code, to_char(${V.c.startTime}, 'YYYY-MM-DD') as s, to_char(${V.c.endTime}, 'YYYY-MM-DD') as e
       from ${V.table} where ${V.live('$1')} and ${V.c.itemId} = $2 and ($3::text is null or ${V.c.id}::text <> $3)
        and ${V.c.startTime} <= coalesce($5::date, 'infinity'::date) and coalesce(${V.c.endTime}, 'infinity'::date) >= $4::date
      limit 1`,
    [tenantId, v.itemId, v.id ?? null, v.startTime, v.endTime],
  );
  if (other) {
    const msg = `该事项在${other.s}至${other.e ?? '长期'}已有启用的版本${other.code}，日期范围不能重叠`;
    throw badRequest(msg, { errors: [{ field: 'startTime', message: msg }] });
  }
}

/** The next version code of an item: V1, V2 … after the highest number used. */
export async function nextVersionCode(db: Queryable, tenantId: string, itemId: string): Promise<string> {
  const [r] = await db.query<{ n: number | null }>(
    `select max(substring(${V.c.versionCode} from '([0-9]+)$')::int) as n from ${V.table} where ${V.live('$1')} and ${V.c.itemId} = $2`,
    [tenantId, itemId],
  );
  return `V${(r.n ?? 0) + 1}`;
}

/** The version of an item enabled on a date (yyyy-MM-dd). */
export async function enabledVersion(db: Queryable, s: Scope, itemId: string, date: string): Promise<Row | null> {
  const [r] = await db.query<{ id: string }>(
    `select ${V.c.id}::text as id from ${V.table} where ${V.live('$1')} and ${V.c.itemId} = $2
        and ${V.c.startTime} <= $3::date and coalesce(${V.c.endTime}, 'infinity'::date) >= $3::date
      order by ${V.c.startTime} desc limit 1`,
    [s.caller.tenantId, itemId, date],
  );
  return r ? findOne(db, matWfVersion, s, { id: r.id }) : null;
}

/** Soft-deletes a version's steps, their transactors and gateway conditions. */
export async function removeSteps(db: Queryable, tenantId: string, versionId: string): Promise<void> {
  const steps = `select ${E.c.id} from ${E.table} where ${E.c.versionId} = $1 and ${E.live('$2')}`;
  await db.query(`update ${T.table} set is_deleted = 1 where ${T.live('$2')} and ${T.c.elementId} in (${steps})`, [versionId, tenantId]);
  await db.query(`update ${G.table} set is_deleted = 1 where ${G.live('$2')} and ${G.c.elementId} in (${steps})`, [versionId, tenantId]);
  await db.query(`update ${E.table} set is_deleted = 1 where ${E.c.versionId} = $1 and ${E.live('$2')}`, [versionId, tenantId]);
}

/** Soft-deletes a version with its steps. */
export async function removeVersion(db: Queryable, tenantId: string, versionId: string): Promise<void> {
  await removeSteps(db, tenantId, versionId);
  await db.query(`update ${V.table} set is_deleted = 1 where ${V.c.id} = $1 and ${V.live('$2')}`, [versionId, tenantId]);
}
