import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';

// The applicant's family members on an application (read and written with the application).
export const demoApplyMember = defineResource({
  name: 'demo-apply-member',
  table: 'biz_apply_member',
  label: L('家庭成员', 'Family members'),
  api: '/api/dw-biz-mzapprove/demoApplyMember',
  tenant: true,
  softDelete: true,
  menu: false,
  routes: [],
  defaultSort: [{ field: 'createTime', dir: 'asc' }],
  fields: {
    applyId: { type: 'string', label: L('办件', 'Application'), max: 19, required: true },
    memberName: { type: 'string', label: L('姓名', 'Name'), max: 50, required: '请输入家庭成员姓名' },
    memberIdCard: { type: 'string', label: L('身份证号', 'ID card'), max: 18, format: 'idCard' },
    relation: { type: 'string', label: L('与申请人关系', 'Relation'), max: 20 },
    memberPhone: { type: 'string', label: L('联系电话', 'Phone'), max: 20 },
  },
  indexes: [['applyId']],
});
