import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';

// An application (办件) of a service matter: the applicant, the form data, where it stands in its
// process and its deadlines. Every call is the approval module's own (masked lists, audited full
// view), so the engine registers no route for it.
export const demoApply = defineResource({
  name: 'demo-apply',
  table: 'biz_apply',
  label: L('办件', 'Applications'),
  api: '/api/dw-biz-mzapprove/demoApply',
  tenant: true,
  softDelete: true,
  menu: false,
  routes: [],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    itemId: { type: 'string', label: L('事项', 'Matter'), max: 19, required: '请选择事项' },
    mathfVersionId: { type: 'string', label: L('流程版本', 'Workflow version'), max: 19 },
    itemName: { type: 'string', label: L('事项名称', 'Matter name'), max: 100, list: true },
    itemNo: { type: 'string', label: L('事项编码', 'Matter code'), max: 64 },
    processInstanceId: { type: 'string', label: L('流程实例', 'Process instance'), max: 19 },
    applicantName: { type: 'string', label: L('申请人姓名', 'Applicant'), max: 50, required: '请输入申请人姓名', list: true },
    applicantIdCard: { type: 'string', label: L('身份证号', 'ID card'), max: 18, format: 'idCard', required: '请输入身份证号' },
    applicantPhone: { type: 'string', label: L('联系电话', 'Phone'), max: 20 },
    applicantAddress: { type: 'string', label: L('现居住地址', 'Address'), max: 200 },
    regionId: { type: 'string', label: L('所属区域', 'Area'), max: 32 },
    formData: { type: 'text', label: L('表单数据', 'Form data'), max: 200000, serverOnly: true },
    applyStatus: { type: 'dict', dict: 'approve_status', label: L('办件状态', 'Status'), max: 32, list: true },
    source: { type: 'dict', dict: 'approve_source', label: L('来源', 'Source'), max: 8, list: true },
    realCurActivityId: { type: 'string', label: L('当前环节标识', 'Current step key'), max: 255, serverOnly: true },
    realCurActivityName: { type: 'string', label: L('当前环节', 'Current step'), max: 255, serverOnly: true, list: true },
    prevActivityName: { type: 'string', label: L('上一环节', 'Previous step'), max: 255, serverOnly: true },
    curTaskId: { type: 'string', label: L('当前任务', 'Current task'), max: 19, serverOnly: true },
    registerPeople: { type: 'string', label: L('登记人', 'Registered by'), max: 50, serverOnly: true },
    registerDeptName: { type: 'string', label: L('登记部门', 'Registering department'), max: 100, serverOnly: true },
    acceptDate: { type: 'datetime', label: L('受理时间', 'Accepted at'), serverOnly: true },
    legalDeadline: { type: 'date', label: L('法定办结日期', 'Legal deadline'), serverOnly: true },
    promiseDeadline: { type: 'date', label: L('承诺办结日期', 'Promised deadline'), serverOnly: true },
    curActivityDeadlineDate: { type: 'datetime', label: L('环节到期时间', 'Step deadline'), serverOnly: true },
    curActivityWarnDate: { type: 'datetime', label: L('环节预警时间', 'Step warning'), serverOnly: true },
    // 0 none sent, 1 warning sent, 2 overdue sent: for the current task (reset when the step changes).
    noticeState: { type: 'int', label: L('提醒状态', 'Notice state'), serverOnly: true, default: 0 },
    suspendStart: { type: 'datetime', label: L('挂起时间', 'Suspended at'), serverOnly: true },
    suspendedDays: { type: 'int', label: L('挂起工作日', 'Suspended working days'), serverOnly: true, default: 0 },
    lastDecision: { type: 'string', label: L('最后决定', 'Last decision'), max: 16, serverOnly: true },
    reason: { type: 'string', label: L('原因', 'Reason'), max: 1000, serverOnly: true },
    finishTime: { type: 'datetime', label: L('办结时间', 'Finished at'), serverOnly: true },
  },
  // The work lists join open tasks to their application by instance (the live flag in the index, so
  // that probe reads no row); the stats group by status.
  indexes: [['processInstanceId', 'isDeleted'], ['applyStatus']],
});
