import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { note } from './catalogue-fields.ts';

// Score bands of a survey (等级换算): a score s is in the band when minScore <= s < maxScore
// (an empty maxScore has no upper bound).
export const conLevelCalc = defineResource({
  name: 'con-level-calc',
  table: 'con_level_calc',
  label: L('等级换算', 'Score levels'),
  api: '/api/blade-formula/conLevelCalc',
  menu: { group: matterGroup, icon: 'RiseOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'minScore', dir: 'asc' }],
  fields: {
    surveyId: {
      type: 'ref',
      ref: { resource: 'com-survey', labelField: 'surveyName' },
      label: L('所属问卷', 'Survey'),
      required: '请选择所属问卷',
      list: true,
      search: 'equal',
    },
    levelName: { type: 'string', label: L('等级名称', 'Level'), max: 50, required: '请输入等级名称', list: true, search: true },
    levelCode: { type: 'string', label: L('等级编码', 'Code'), max: 50, list: true },
    minScore: { type: 'decimal', label: L('最低分(含)', 'From (inclusive)'), required: '请输入最低分', list: true, example: '0.000000' },
    maxScore: { type: 'decimal', label: L('最高分(不含)', 'To (exclusive)'), list: true, example: '60.000000' },
    note: note(500),
  },
});
