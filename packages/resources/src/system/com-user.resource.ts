import { defineResource } from '@civdesk/meta';
import { L, sexOptions } from '../labels.ts';

// Accounts of the public platform (citizens using the service apps), kept apart from staff users.
export const comUser = defineResource({
  name: 'com-user',
  table: 'blade_com_user',
  label: L('平台用户', 'Platform users'),
  api: '/api/blade-auth/comUser',
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
      pattern: { regex: '^1\\d{10}$', message: L('请输入正确的手机号码', 'Please enter a correct phone number') },
      list: true,
      search: true,
      example: '13800138000',
    },
    idCard: {
      type: 'string',
      label: L('身份证号', 'ID card'),
      max: 18,
      pattern: { regex: '^\\d{17}[\\dXx]$', message: L('请输入正确的身份证号', 'Please enter a correct ID card number') },
      example: '11010519491231002X',
    },
    sex: { type: 'enum', int: true, options: sexOptions, label: L('性别', 'Sex'), list: true },
    email: { type: 'string', label: L('电子邮箱', 'Email'), max: 45 },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});

// How long a signed-in session may stay idle before the overtime poll answers overMax.
export const operationTime = defineResource({
  name: 'operation-time',
  table: 'bm_sys_operation_time',
  label: L('操作超时设置', 'Idle timeout'),
  api: '/api/blade-system/bmSysOperationTime',
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    name: { type: 'string', label: L('名称', 'Name'), max: 100, required: true, list: true, search: true },
    operationTime: {
      type: 'int',
      label: L('超时时间(分钟)', 'Idle minutes'),
      min: 1,
      max: 1440,
      required: true,
      list: true,
      // A setting in use ends every idle session of the tenant: samples take a realistic value, not 1 minute.
      example: 30,
    },
    isStop: {
      type: 'enum',
      int: true,
      options: [
        { value: 0, label: L('启用', 'In use') },
        { value: 1, label: L('停用', 'Stopped') },
      ],
      default: 0,
      label: L('状态', 'State'),
      list: true,
    },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});

// Sub-systems of the platform (minor protection, approvals…) and the menus each one shows.
export const domainSys = defineResource({
  name: 'domain-sys',
  table: 'bm_domain_sys',
  label: L('域系统', 'Domain systems'),
  api: '/api/dw-system/bmDomainSys',
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: {
    sysName: { type: 'string', label: L('系统名称', 'Name'), max: 100, required: true, list: true, search: true },
    sysCode: { type: 'string', label: L('系统编码', 'Code'), max: 64, required: true, unique: true, list: true, search: true },
    sysUrl: { type: 'string', label: L('系统地址', 'URL'), max: 500, list: { ellipsis: true } },
    source: { type: 'string', label: L('图标', 'Icon'), max: 100 },
    sort: { type: 'order', label: L('排序', 'Order'), max: 3, list: true },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});

export const domainSysMenu = defineResource({
  name: 'domain-sys-menu',
  table: 'bm_domain_sys_menu',
  label: L('域系统菜单', 'Domain system menus'),
  api: '/api/blade-system/bmDomainSysMenu',
  tenant: false,
  softDelete: false,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'sysId', dir: 'asc' }],
  uniqueTogether: [{ fields: ['sysId', 'menuId'], message: L('该菜单已分配给此系统', 'This menu is already assigned to the system') }],
  fields: {
    sysId: {
      type: 'ref',
      ref: { resource: 'domain-sys', labelField: 'sysName' },
      label: L('域系统', 'System'),
      required: true,
      list: true,
      search: 'equal',
    },
    menuId: {
      type: 'ref',
      ref: { resource: 'menu', labelField: 'name' },
      label: L('菜单', 'Menu'),
      required: true,
      list: true,
      search: 'equal',
    },
  },
});
