import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { note } from './catalogue-fields.ts';

// A survey (评估问卷): a question set whose answers feed a formula; the score maps to a level
// (con-level-calc). Surveys form a tree (a group node holds surveys) read a level at a time.
export const comSurvey = defineResource({
  name: 'com-survey',
  table: 'com_survey',
  label: L('评估问卷', 'Surveys'),
  api: '/api/blade-formula/comSurvey',
  menu: { group: matterGroup, icon: 'QuestionCircleOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'tree', 'lazy-tree'],
  tree: { parentField: 'parentId', titleField: 'surveyName' },
  defaultSort: [
    { field: 'orderNum', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    parentId: { type: 'parent', label: L('上级分组', 'Group'), form: { span: 24 } },
    surveyName: { type: 'string', label: L('问卷名称', 'Name'), max: 100, required: '请输入问卷名称', list: true, search: true },
    surveyCode: {
      type: 'string',
      label: L('问卷编码', 'Code'),
      max: 50,
      required: '请输入问卷编码',
      unique: true,
      list: true,
      search: true,
    },
    formulaId: { type: 'ref', ref: { resource: 'com-formul', labelField: 'formulaName' }, label: L('计算公式', 'Formula'), list: true },
    surveyFields: {
      type: 'text',
      label: L('问卷题目', 'Questions'),
      max: 20_000,
      form: { span: 24 },
      // JSON: [{"field":"income","label":"家庭月收入","type":"number"},
      //        {"field":"housing","label":"住房情况","type":"choice","options":[{"label":"自有","score":0},{"label":"无房","score":20}]}]
      example: '[{"field":"income","label":"家庭月收入","type":"number"},{"field":"members","label":"家庭人口","type":"number"}]',
    },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    note: note(500),
  },
});
