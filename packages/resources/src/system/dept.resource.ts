import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

export const dept = defineResource({
  name: 'dept',
  table: 'blade_dept',
  label: L('机构管理', 'Departments'),
  api: '/api/blade-system/dept',
  menu: { group: systemGroup, icon: 'BankOutlined' },
  tenant: true,
  softDelete: true,
  tree: { parentField: 'parentId', titleField: 'deptName' },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  // A department scope sees the department rows themselves (and their children).
  dataScope: { dept: 'id' },
  fields: {
    parentId: { type: 'parent', label: L('上级机构', 'Parent') },
    deptCode: { type: 'string', label: L('机构编号', 'Code'), max: 32, required: true, unique: true, list: true, search: true },
    deptName: { type: 'string', label: L('机构名称', 'Name'), max: 32, required: true, list: true, search: true },
    fullName: { type: 'string', label: L('机构全称', 'Full name'), max: 256, required: true, list: true },
    areaId: { type: 'ref', ref: { resource: 'region', labelField: 'name', fillLabel: 'areaName' }, label: L('所属区域', 'Area') },
    areaName: { type: 'string', label: L('区域名称', 'Area name'), max: 64, required: true },
    organType: { type: 'dict', dict: 'organ_type', label: L('机构类型', 'Organisation type'), list: true },
    bizType: { type: 'dict', dict: 'busi_type', label: L('业务类型', 'Business type') },
    sort: { type: 'order', label: L('排序', 'Order'), max: 2, list: true },
    pyCode: { type: 'string', label: L('拼音码', 'Pinyin code'), max: 64 },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
