import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { queryGroup } from '../menu-groups.ts';

export const chartTypeOptions = [
  { value: 'bar', label: L('柱状图', 'Bar') },
  { value: 'line', label: L('折线图', 'Line') },
  { value: 'pie', label: L('饼图', 'Pie') },
];

// A report template: a named statement (printSqlId, a print SQL) shown as a table and a chart
// (first column the categories, numeric columns the series). It runs through the read-only SQL
// runner like every administrator's SQL.
export const reportTemplate = defineResource({
  name: 'report-template',
  table: 'blade_report_template',
  label: L('报表模板', 'Report templates'),
  api: '/api/blade-report/report/rest',
  menu: { group: queryGroup, icon: 'PieChartOutlined', order: 6 },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  buttons: [{ action: 'run', label: L('查看报表', 'View report') }],
  fields: {
    templateName: { type: 'string', label: L('模板名称', 'Name'), max: 100, required: true, list: true, search: true },
    code: { type: 'string', label: L('模板编码', 'Code'), max: 16, required: true, unique: true, list: true, search: true },
    printSqlId: {
      type: 'ref',
      ref: { resource: 'mat-print-sql', labelField: 'name' },
      label: L('SQL', 'SQL'),
      required: '请选择SQL',
      list: true,
    },
    chartType: { type: 'enum', options: chartTypeOptions, default: 'bar', label: L('图表类型', 'Chart'), list: true },
    note: { type: 'string', label: L('备注', 'Note'), max: 100, list: { ellipsis: true }, form: { span: 24 } },
    attachPathName: { type: 'string', label: L('附件名称', 'Attachment'), max: 200 },
  },
});
