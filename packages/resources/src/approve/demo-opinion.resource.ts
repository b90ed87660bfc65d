import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';

// Opinions (意见) on an application: one per button pressed or task action taken at a step, with
// who and when. Written by the approval module only.
export const demoOpinion = defineResource({
  name: 'demo-opinion',
  table: 'biz_opinion',
  label: L('办理意见', 'Opinions'),
  api: '/api/dw-biz-mzapprove/demoOpinion',
  tenant: true,
  softDelete: true,
  menu: false,
  routes: [],
  defaultSort: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    applyId: { type: 'string', label: L('办件', 'Application'), max: 19, required: true },
    taskId: { type: 'string', label: L('任务', 'Task'), max: 19 },
    activityId: { type: 'string', label: L('环节标识', 'Step key'), max: 255 },
    activityName: { type: 'string', label: L('环节', 'Step'), max: 255 },
    buttonId: { type: 'string', label: L('按钮', 'Button'), max: 50 },
    buttonName: { type: 'string', label: L('按钮名称', 'Button name'), max: 100 },
    action: { type: 'string', label: L('动作', 'Action'), max: 32 },
    content: { type: 'text', label: L('意见', 'Opinion'), max: 2000 },
    userName: { type: 'string', label: L('办理人', 'Handler'), max: 50 },
    deptName: { type: 'string', label: L('部门', 'Department'), max: 100 },
    // 1: a draft (暂存) opinion of the task's handler, replaced on submit.
    isDraft: { type: 'int', label: L('暂存', 'Draft'), default: 0 },
  },
  indexes: [['applyId']],
});
