import type { Queryable } from '@civdesk/db';
import { matIntWorkday } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';

const W = sqlOf(matIntWorkday);

/** One entry per date and tenant: a second one for the same date would leave the answer to chance. */
export async function checkDateFree(db: Queryable, tenantId: string, date: unknown, self: string | null) {
  if (typeof date !== 'string' || date === '') return;
  const found = await db.query(
    `select 1 from ${W.table} where ${W.c.workDate} = $1::date and ${W.live('$2')} and ($3::bigint is null or ${W.c.id} <> $3::bigint) limit 1`,
    [date, tenantId, self],
  );
  if (found.length) throw badRequest('该日期已设置', { errors: [{ field: 'workDate', message: '该日期已设置' }] });
}
