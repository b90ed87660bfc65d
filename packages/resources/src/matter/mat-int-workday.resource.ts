import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { note } from './catalogue-fields.ts';

const dayKind = [
  { value: 0, label: L('休息日', 'Day off') },
  { value: 1, label: L('工作日', 'Working day') },
];

// A tenant's own working-day exceptions over the national holiday schedule (a local holiday, a
// Saturday the office opens): a date listed here wins; any other date follows the national calendar.
export const matIntWorkday = defineResource({
  name: 'mat-int-workday',
  table: 'mat_int_workday',
  label: L('工作日设置', 'Working days'),
  api: '/api/dw-matter/matIntWorkday',
  menu: { group: matterGroup, icon: 'HourglassOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'workDate', dir: 'desc' }],
  fields: {
    workDate: { type: 'date', label: L('日期', 'Date'), required: '请选择日期', list: true, search: 'range' },
    isWorkday: {
      type: 'enum',
      int: true,
      options: dayKind,
      required: '请选择是否工作日',
      label: L('是否工作日', 'Working day'),
      list: true,
      search: 'equal',
    },
    note: note(200),
  },
});
