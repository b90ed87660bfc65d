import type { Queryable } from '@civdesk/db';
import { matIntWorkday } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { workingCalendar } from '../../modules/calendar/calendar.service.ts';

const W = sqlOf(matIntWorkday);

export type DayAnswer = { date: string; workday: boolean; source: 'tenant' | 'national'; name: string };

/**
 * Whether a date is a working day for a tenant: the tenant's own list (mat-int-workday) wins (its
 * latest entry for the date, should there be several); any date it does not list follows the
 * national calendar (holiday schedule, weekends, 调休).
 */
export async function tenantWorkday(db: Queryable, tenantId: string, date: string): Promise<DayAnswer> {
  const [own] = await db.query<{ w: number; note: string | null }>(
    `select ${W.c.isWorkday} as w, ${W.c.note} as note from ${W.table} where ${W.c.workDate} = $1::date and ${W.live('$2')}
      order by ${W.c.updateTime} desc, ${W.c.id} desc limit 1`,
    [date, tenantId],
  );
  if (own) return { date, workday: Number(own.w) === 1, source: 'tenant', name: own.note ?? '' };
  const cal = await workingCalendar(db);
  return { date, workday: cal.isWorkingDay(date), source: 'national', name: cal.nameOf(date) };
}
