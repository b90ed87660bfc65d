import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

const formId = (zh: string, en: string, required?: string) =>
  ({ type: 'string', label: L(zh, en), max: 32, ...(required ? { required } : {}) }) as const;
const days = (zh: string, en: string, required?: string) =>
  ({ type: 'int', label: L(zh, en), min: 0, max: 999, ...(required ? { required } : {}) }) as const;

// The configuration of one user task (step) of a workflow version: forms, people, time limits
// (working days) and suspension. The BPMN element is named by its id (userTaskId).
export const matWfElement = defineResource({
  name: 'mat-wf-element',
  table: 'mat_wf_element',
  label: L('环节配置', 'Step configuration'),
  api: '/api/dw-matter/matWfElement',
  menu: { group: matterGroup, icon: 'NodeExpandOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [
    { field: 'versionId', dir: 'asc' },
    { field: 'orderNumber', dir: 'asc' },
  ],
  groups: { base: L('基本信息', 'Basics'), form: L('表单', 'Forms'), limit: L('时限与挂起', 'Time limits and suspension') },
  fields: {
    // The version's item, filled in by the server.
    itemId: { type: 'string', label: L('事项', 'Matter item'), max: 19, list: true, search: 'equal', serverOnly: true, form: false },
    versionId: {
      type: 'ref',
      ref: { resource: 'mat-wf-version', labelField: 'versionCode' },
      label: L('流程版本', 'Workflow version'),
      required: '请选择流程版本',
      list: true,
      search: 'equal',
      form: { group: 'base' },
    },
    userTaskId: {
      type: 'string',
      label: L('环节', 'Step'),
      max: 64,
      required: '请选择环节',
      list: true,
      search: true,
      form: { group: 'base' },
      example: 'apply',
    },
    elementLevel: { type: 'int', label: L('环节级别', 'Step level'), min: 0, max: 99, form: { group: 'base' } },
    transactorRegionLevel: {
      type: 'dict',
      dict: 'region',
      int: true,
      label: L('办理人区划级别', 'Transactor region level'),
      form: { group: 'base' },
    },
    transactor: { type: 'string', label: L('办理人', 'Transactors'), max: 500, form: { group: 'base' } },
    transactorNames: { type: 'string', label: L('办理人名称', 'Transactor names'), max: 500, list: true, form: { group: 'base' } },
    bizType: { type: 'string', label: L('业务类型', 'Business type'), max: 32, form: { group: 'base' } },
    deptType: { type: 'string', label: L('部门类型', 'Department type'), max: 32, form: { group: 'base' } },
    basicForm: { ...formId('PC管理端表单', 'PC admin form', '请选择PC管理端表单'), form: { group: 'form' } },
    manageFormWeixin: { ...formId('移动管理端表单', 'Mobile admin form'), form: { group: 'form' } },
    publicFormPc: { ...formId('PC公众端表单', 'PC public form'), form: { group: 'form' } },
    defaultFormWeixin: { ...formId('移动公众端表单', 'Mobile public form'), form: { group: 'form' } },
    ifPermitBatch: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 0,
      label: L('是否允许批量办理', 'Batch handling'),
      form: { group: 'form' },
    },
    batchFrom: { ...formId('批量办理表单', 'Batch form'), form: { group: 'form' } },
    handleFromSetting: {
      type: 'string',
      label: L('办理窗口页面配置', 'Handling window pages'),
      max: 500,
      required: '请选择办理窗口页面配置',
      form: { group: 'form', span: 24 },
    },
    handleFromSettingWeixin: {
      type: 'string',
      label: L('移动端办理页面配置', 'Mobile handling pages'),
      max: 500,
      form: { group: 'form', span: 24 },
    },
    timeLimitWarning: {
      ...days('预警时限(工作日)', 'Warning limit (working days)', '请输入预警时限'),
      list: true,
      form: { group: 'limit' },
    },
    timeLimitUserTask: { ...days('环节时限(工作日)', 'Step limit (working days)', '请输入环节时限'), list: true, form: { group: 'limit' } },
    ifAutomaticSuspend: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 0,
      label: L('是否自动挂起', 'Suspend automatically'),
      form: { group: 'limit' },
    },
    suspendType: { type: 'dict', dict: 'OW_SUSPEND_TYPE', int: true, label: L('挂起类型', 'Suspend type'), form: { group: 'limit' } },
    ifSuspendAudit: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 0,
      label: L('挂起是否审核', 'Suspension audited'),
      form: { group: 'limit' },
    },
    // The step's leader role: audits suspension requests (with ifSuspendAudit) and gets the step's
    // warning and overdue notices beside the handler.
    leaderRole: {
      type: 'ref',
      ref: { resource: 'role', labelField: 'roleName' },
      label: L('环节负责角色', 'Leader role'),
      form: { group: 'limit' },
    },
    timeLimitSuspendWaring: { ...days('挂起预警时限(工作日)', 'Suspension warning (working days)'), form: { group: 'limit' } },
    timeLimitSuspend: { ...days('挂起时限(工作日)', 'Suspension limit (working days)'), form: { group: 'limit' } },
    reportedInfo: { type: 'string', label: L('上报信息', 'Reported info'), max: 500, form: { group: 'limit', span: 24 } },
    orderNumber: { type: 'order', label: L('排序', 'Order'), max: 4, list: true, form: { group: 'base' } },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, form: { group: 'limit', span: 24 } },
  },
  uniqueTogether: [{ fields: ['versionId', 'userTaskId'], message: L('该环节已配置', 'This step is already configured') }],
});
