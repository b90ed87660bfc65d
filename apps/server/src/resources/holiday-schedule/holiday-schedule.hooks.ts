import { isDateText, permCode } from '@civdesk/meta';
import { holidaySchedule } from '@civdesk/resources';
import { z } from 'zod';
import { Obj } from '../../core/answers.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { loose, nothing } from '../../core/input.ts';
import { scopeOf } from '../../core/request.ts';
import { type Call, routes } from '../../core/route.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { submitBodySchema } from '../../crud/docs-schema.ts';
import type { ResourceHooks } from '../../crud/hooks.ts';
import { findOne } from '../../crud/repository.ts';
import { submit } from '../../crud/submit.ts';
import { forgetWorkingCalendar, workingCalendar } from '../../modules/calendar/calendar.service.ts';
import { HolidayListError, parseHolidayList } from '../../modules/calendar/holidays.ts';

const H = sqlOf(holidaySchedule);

const date = z
  .unknown()
  .optional()
  .transform((v) => String(v ?? ''))
  .refine((s) => isDateText(s, { time: 'none' }), { error: (iss) => `${String(iss.path?.at(-1))} 应为 yyyy-MM-dd 日期` });

const SaveBody = loose({ year: z.unknown().optional() });

/** Saves a year's schedule whether or not the year exists yet. */
async function saveYear({ ctx, req, body }: Call<{ body: typeof SaveBody }>) {
  const year = Number(body.year);
  if (Number.isSafeInteger(year)) {
    const found = await findOne(ctx.db, holidaySchedule, scopeOf(req), { year: String(year) });
    req.body = { ...body, id: found ? found.id : undefined };
  }
  return ok(await submit(ctx, holidaySchedule, req, holidayScheduleHooks), '操作成功');
}

/** The year after the last one scheduled (this year when none is). */
async function nextYear({ ctx }: Call) {
  const [row] = await ctx.db.query<{ y: number | null }>(`select max(${H.c.year}) as y from ${H.table} where ${H.live()}`);
  return ok(row.y ? row.y + 1 : new Date().getFullYear());
}

const DayQuery = z.object({ date });

async function workday({ ctx, query }: Call<{ query: typeof DayQuery }>) {
  const cal = await workingCalendar(ctx.db);
  return ok({ date: query.date, workday: cal.isWorkingDay(query.date), name: cal.nameOf(query.date) });
}

const daysMessage = 'days 应为 0 到 3650 的整数';
const AddQuery = z.object({
  date,
  days: z
    .unknown()
    .optional()
    .refine((v) => /^\d{1,4}$/.test(String(v ?? '')) && Number(v) <= 3650, { error: daysMessage })
    .transform(Number),
});

async function addWorkingDays({ ctx, query }: Call<{ query: typeof AddQuery }>) {
  return ok((await workingCalendar(ctx.db)).addWorkingDays(query.date, query.days));
}

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
  routes(app, r, ctx) {
    const route = routes(app, ctx, [r.label.en]);
    const form = { body: submitBodySchema(r) };
    route.post(
      `${r.api}/cusSave`,
      { auth: { perm: permCode(r, 'edit') }, summary: '按年份保存节假日', body: SaveBody, docs: form, data: Obj },
      saveYear,
    );
    route.get(
      `${r.api}/getMaxNextYear`,
      { auth: 'signed-in', summary: '下一个待设置的年份', query: nothing, data: z.number().int() },
      nextYear,
    );
    route.get(
      `${r.api}/workday`,
      {
        auth: 'signed-in',
        summary: '某日是否工作日',
        query: DayQuery,
        data: z.object({ date: z.string(), workday: z.boolean(), name: z.string().nullable() }),
      },
      workday,
    );
    route.get(
      `${r.api}/addWorkingDays`,
      { auth: 'signed-in', summary: '加若干个工作日后的日期', query: AddQuery, data: z.string() },
      addWorkingDays,
    );
  },
};
