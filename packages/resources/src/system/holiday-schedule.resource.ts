import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

// One row per year: the official holidays and the adjusted working days (调休) of that year.
// National data, so platform-wide; deadlines in working days read it through the calendar service.
export const holidaySchedule = defineResource({
  name: 'holiday-schedule',
  table: 'dw_holiday_schedule',
  label: L('节假日设置', 'Holiday schedule'),
  api: '/api/blade-system/dwHolidaySchedule',
  menu: { group: configGroup, icon: 'CalendarOutlined' },
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'year', dir: 'desc' }],
  fields: {
    year: { type: 'int', label: L('年份', 'Year'), min: 1900, max: 2100, required: true, unique: true, list: true, search: 'equal' },
    holidaysList: {
      type: 'text',
      label: L('节假日列表', 'Holidays'),
      max: 20_000,
      required: true,
      list: { ellipsis: true },
      form: { span: 24 },
      // JSON: each day off and each weekend day worked instead, with its festival, e.g.
      // [{"date":"2026-10-01","type":"holiday","name":"国庆节"},{"date":"2026-09-20","type":"workday","name":"国庆节"}]
      example: '[]',
    },
    isSteped: { type: 'enum', int: true, options: yesNo01, default: 1, label: L('已设置调休', 'Adjusted days set'), list: true },
  },
});
