import type { Queryable } from '@civdesk/db';
import { matWfVersion } from '@civdesk/resources';
import type { Vars } from '@civdesk/workflow';
import { sqlOf } from '../../core/table-sql.ts';
import { VERSION_VAR } from './version.service.ts';

const V = sqlOf(matWfVersion);

/**
 * The matter version an instance runs under: the version its variable names (when that version is
 * on this definition), else the version on the definition enabled today, else the newest one on it.
 * Null for an instance of a definition no matter uses.
 */
export async function versionOfInstance(
  q: Queryable,
  tenantId: string,
  definitionId: string,
  variables: Readonly<Vars>,
): Promise<string | null> {
  const named = variables[VERSION_VAR];
  const [v] = await q.query<{ id: string }>(
    `select ${V.c.id}::text as id from ${V.table} where ${V.live('$1')} and ${V.c.flowDefId} = $2
      order by (${V.c.id}::text = $3) desc,
               (${V.c.startTime} <= current_date and coalesce(${V.c.endTime}, 'infinity'::date) >= current_date) desc,
               ${V.c.startTime} desc
      limit 1`,
    [tenantId, definitionId, typeof named === 'string' || typeof named === 'number' ? String(named) : ''],
  );
  return v?.id ?? null;
}
