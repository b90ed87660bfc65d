import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';

/** Who a step's task goes to: 1 an organisation (department), 2 a role, 3 a user, 4 a relative role. */
export const transactorTypes = [
  { value: 1, label: L('机构', 'Organisation') },
  { value: 2, label: L('角色', 'Role') },
  { value: 3, label: L('用户', 'User') },
  { value: 4, label: L('相对角色', 'Relative role') },
];

/** The relative roles a transactor may name, relative to the applicant (the instance's starter). */
export const relativeRoles = [
  /** Whoever holds a senior post in the applicant's department. */
  { value: 'deptLeader', label: L('申请人部门负责人', 'Head of the applicant’s department') },
  /** Every user of the applicant's department. */
  { value: 'applicantDept', label: L('申请人所在部门', 'The applicant’s department') },
];

// One transactor of a workflow step; the assignment resolver turns them into a task's candidates.
export const matWfElementTransactor = defineResource({
  name: 'mat-wf-element-transactor',
  table: 'mat_wf_element_transactor',
  label: L('环节办理人', 'Step transactors'),
  api: '/api/dw-matter/matWfElementTransactor',
  menu: { group: matterGroup, icon: 'UserSwitchOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'orderNum', dir: 'asc' }],
  fields: {
    elementId: {
      type: 'ref',
      ref: { resource: 'mat-wf-element', labelField: 'userTaskId' },
      label: L('环节', 'Step'),
      required: '请选择环节',
      list: true,
      search: 'equal',
    },
    transactorType: {
      type: 'enum',
      int: true,
      options: transactorTypes,
      label: L('办理人类型', 'Transactor type'),
      required: '请选择办理人类型',
      default: 2,
      example: 2,
      list: true,
      search: 'equal',
    },
    transactorInfo: {
      type: 'string',
      label: L('办理人', 'Transactor'),
      max: 64,
      // A department or user by id, a role by alias (or id), a relative role by its code.
      refBy: {
        field: 'transactorType',
        refs: {
          1: { resource: 'dept', labelField: 'deptName' },
          2: { resource: 'role', labelField: 'roleName', valueField: 'roleAlias' },
          3: { resource: 'user', labelField: 'realName' },
          4: { options: relativeRoles },
        },
      },
      required: '请选择办理人',
      list: true,
      example: 'admin',
    },
    orderNum: { type: 'order', label: L('排序', 'Order'), max: 4, list: true },
  },
});
