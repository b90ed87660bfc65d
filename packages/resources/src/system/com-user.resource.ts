import { defineResource } from '@civdesk/meta';
import { L, sexOptions } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// Accounts of the public platform (citizens using the service apps), kept apart from staff users.
export const comUser = defineResource({
  name: 'com-user',
  table: 'blade_com_user',
  label: L('平台用户', 'Platform users'),
  api: '/api/blade-auth/comUser',
  menu: { group: systemGroup, icon: 'TeamOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    account: { type: 'string', label: L('账号', 'Account'), max: 45, required: true, unique: true, list: true, search: true },
    realName: {
      type: 'string',
      label: L('姓名', 'Real name'),
      min: 2,
      max: 20,
      lengthMessage: L('姓名长度在2到20个字符', 'name length 2 to 20 characters'),
      required: true,
      list: true,
      search: true,
    },
    phone: {
      type: 'string',
      label: L('手机号码', 'Phone'),
      max: 11,
      format: 'mobile',
      list: true,
      search: true,
      example: '13800138000',
    },
    idCard: {
      type: 'string',
      label: L('身份证号', 'ID card'),
      max: 18,
      format: 'idCard',
      example: '11010519491231002X',
    },
    sex: { type: 'enum', int: true, options: sexOptions, label: L('性别', 'Sex'), list: true },
    email: { type: 'string', label: L('电子邮箱', 'Email'), max: 45, format: 'email', example: 'user@example.com' },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
