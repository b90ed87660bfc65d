import { isDateText } from '@civdesk/meta';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { scopeOf, submit } from '../../crud/routes.ts';
import { forgetWorkingCalendar, workingCalendar } from '../../modules/calendar/calendar.service.ts';
import { HolidayListError, parseHolidayList } from '../../modules/calendar/holidays.ts';
import { badRequest, ok } from '../../plugins/envelope.ts';

const dateParam = (v: unknown, name: string) => {
  const s = String(v ?? '');
  if (!isDateText(s, { time: 'none' })) throw badRequest(`${name} 应为 yyyy-MM-dd 日期`);
  return s;
};

/**
 * The holiday schedule (one row per year, holidaysList as JSON) and the working-day calendar it
 * feeds: cusSave saves a year whether or not it exists, getMaxNextYear says which year is next.
 */
export const holidayScheduleHooks: ResourceHooks = {
  async beforeWrite({ existing }, values) {
    const year = Number(values.year ?? existing?.year);
    const list = values.holidaysList ?? existing?.holidaysList;
    try {
      values.holidaysList = JSON.stringify(parseHolidayList(year, String(list ?? '[]')));
    } catch (e) {
      if (e instanceof HolidayListError) throw badRequest(e.message, { errors: [{ field: 'holidaysList', message: e.message }] });
      throw e;
    }
    forgetWorkingCalendar();
  },
  routes(app, r, deps) {
    const tags = [r.label.en];
    app.post(
      `${r.api}/cusSave`,
      { config: { auth: { perm: `${r.name}_edit` } }, schema: { tags, summary: '按年份保存节假日' } },
      async (req) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const year = Number(body.year);
        if (Number.isSafeInteger(year)) {
          const found = await findOne(deps.db, r, scopeOf(req, deps), { year: String(year) });
          req.body = { ...body, id: found ? found.id : undefined };
        }
        return ok(await submit(deps, r, req, holidayScheduleHooks), '操作成功');
      },
    );
    app.get(`${r.api}/getMaxNextYear`, { config: { auth: 'signed-in' }, schema: { tags, summary: '下一个待设置的年份' } }, async () => {
      const [row] = await deps.db.query<{ y: number | null }>(`select max(year) as y from ${r.table} where is_deleted = 0`);
      return ok(row.y ? row.y + 1 : new Date().getFullYear());
    });
    app.get(`${r.api}/workday`, { config: { auth: 'signed-in' }, schema: { tags, summary: '某日是否工作日' } }, async (req) => {
      const date = dateParam((req.query as Record<string, unknown>).date, 'date');
      const cal = await workingCalendar(deps.db);
      return ok({ date, workday: cal.isWorkingDay(date), name: cal.nameOf(date) });
    });
    app.get(
      `${r.api}/addWorkingDays`,
      { config: { auth: 'signed-in' }, schema: { tags, summary: '加若干个工作日后的日期' } },
      async (req) => {
        const q = req.query as Record<string, unknown>;
        const date = dateParam(q.date, 'date');
        const days = Number(q.days);
        if (!/^\d{1,4}$/.test(String(q.days ?? '')) || days > 3650) throw badRequest('days 应为 0 到 3650 的整数');
        return ok((await workingCalendar(deps.db)).addWorkingDays(date, days));
      },
    );
  },
};
