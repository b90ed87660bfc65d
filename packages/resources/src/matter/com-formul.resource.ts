import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { note } from './catalogue-fields.ts';

// A formula (计算公式): an expression over named fields (`income * 0.5 + members * 10`), checked
// when saved and evaluated by the workflow's safe expression evaluator (never eval).
export const comFormul = defineResource({
  name: 'com-formul',
  table: 'com_formul',
  label: L('计算公式', 'Formulas'),
  api: '/api/blade-formula/comFormul',
  menu: { group: matterGroup, icon: 'CalculatorOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    formulaName: { type: 'string', label: L('公式名称', 'Name'), max: 100, required: '请输入公式名称', list: true, search: true },
    formulaCode: {
      type: 'string',
      label: L('公式编码', 'Code'),
      max: 50,
      required: '请输入公式编码',
      unique: true,
      list: true,
      search: true,
    },
    formulaContent: {
      type: 'text',
      label: L('公式内容', 'Expression'),
      max: 2000,
      required: '请输入公式内容',
      list: { ellipsis: true },
      form: { span: 24 },
      example: 'income * 0.5 + members * 10',
    },
    note: note(500),
  },
});
