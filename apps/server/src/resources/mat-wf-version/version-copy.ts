import type { Queryable, Row } from '@civdesk/db';
import { matWfElement, matWfElementGatewayCondition, matWfElementTransactor, matWfVersion } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { newId } from '../../crud/ids.ts';
import { insert } from '../../crud/repository.ts';
import { assertDefinition, assertNoOverlap, nextVersionCode } from './version.service.ts';

// Saving a version that instances use makes the next version instead: the copy takes the saved
// values, a new version code and every step with its transactors and gateway conditions; the
// original ends the day before the copy starts, so the two date ranges follow each other.

const V = sqlOf(matWfVersion);
const E = sqlOf(matWfElement);
const T = sqlOf(matWfElementTransactor);
const G = sqlOf(matWfElementGatewayCondition);

/** A copy of one row with a new id and overrides (columns by name), audited as the caller. */
async function copyRow(q: Queryable, table: string, fromId: string, set: Record<string, string>, s: Scope): Promise<string> {
  const id = newId();
  const audit = { id, create_user: s.caller.userId, update_user: s.caller.userId, create_time: new Date(), update_time: new Date() };
  await q.query(
    `insert into ${table} select * from jsonb_populate_record(null::${table}, (select to_jsonb(x) from ${table} x where x.id = $1) || $2::jsonb)`,
    [fromId, JSON.stringify({ ...set, ...audit })],
  );
  return id;
}

/**
 * Copies `original` (in use) to a new version with `values` (validated submit values). Returns the
 * new version's row.
 */
export async function copyVersion(q: Queryable, s: Scope, original: Row, values: Record<string, unknown>): Promise<Row> {
  const tenantId = String(original.tenantId);
  const startTime = String(values.startTime ?? original.startTime);
  const endTime = (values.endTime === undefined ? original.endTime : values.endTime) as string | null;
  if (startTime <= String(original.startTime)) {
    const msg = `新版本的开始日期应晚于原版本的开始日期${original.startTime}`;
    throw badRequest(msg, { errors: [{ field: 'startTime', message: msg }] });
  }
  const flowDefId = String(values.flowDefId ?? original.flowDefId);
  await assertDefinition(q, tenantId, flowDefId);
  // The original stops the day before the copy starts (when it ran on past that day).
  await q.query(
    `update ${V.table} set ${V.c.endTime} = $3::date - 1 where ${V.c.id} = $1 and ${V.live('$2')}
        and coalesce(${V.c.endTime}, 'infinity'::date) >= $3::date`,
    [original.id, tenantId, startTime],
  );
  const itemId = String(original.itemId);
  await assertNoOverlap(q, tenantId, { itemId, startTime, endTime });
  const fields = ['flowDefId', 'note', 'processStartNoticeUrl', 'processEndNoticeUrl'] as const;
  const row: Record<string, unknown> = { itemId, startTime, endTime, versionCode: await nextVersionCode(q, tenantId, itemId) };
  for (const f of fields) row[f] = values[f] === undefined ? original[f] : values[f];
  row.flowDefId = flowDefId;
  const created = await insert(q, matWfVersion, s, row);
  const steps = await q.query<{ id: string }>(
    `select ${E.c.id}::text as id from ${E.table} where ${E.c.versionId} = $1 and ${E.live('$2')}`,
    [original.id, tenantId],
  );
  for (const step of steps) {
    const stepId = await copyRow(q, 'mat_wf_element', step.id, { version_id: String(created.id) }, s);
    for (const [R, table] of [
      [T, 'mat_wf_element_transactor'],
      [G, 'mat_wf_element_gateway_condition'],
    ] as const) {
      const children = await q.query<{ id: string }>(
        `select ${R.c.id}::text as id from ${R.table} where ${R.c.elementId} = $1 and ${R.live('$2')}`,
        [step.id, tenantId],
      );
      for (const c of children) await copyRow(q, table, c.id, { element_id: stepId }, s);
    }
  }
  return created;
}
