import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';

const sex = [
  { value: 1, label: L('男', 'Male') },
  { value: 2, label: L('女', 'Female') },
  { value: 3, label: L('未知', 'Unknown') },
];

// Users have their own calls under /api/blade-user (submit creates, update edits, grants,
// passwords…), so the engine registers no conventional routes for them; it still owns the table,
// validation and tenant filter.
export const user = defineResource({
  name: 'user',
  table: 'blade_user',
  label: L('用户管理', 'Users'),
  api: '/api/blade-user',
  tenant: true,
  softDelete: true,
  builtIn: 'isSystem',
  routes: [],
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  groups: { basic: L('基础信息', 'Basic info'), detail: L('详细信息', 'Detail info'), duty: L('职责信息', 'Duty info') },
  fields: {
    account: { type: 'string', label: L('登录账号', 'Account'), max: 45, required: '请输入登录账号', unique: true, list: true, search: true, form: { group: 'basic' } },
    password: { type: 'password', label: L('密码', 'Password'), max: 255, form: { group: 'basic', createOnly: true } },
    userType: { type: 'dict', dict: 'user_type', int: true, label: L('用户平台', 'Platform'), required: true, list: true, form: { group: 'basic' } },
    name: { type: 'string', label: L('用户昵称', 'Nickname'), max: 20, required: true, form: { group: 'detail' } },
    realName: { type: 'string', label: L('用户姓名', 'Real name'), min: 2, max: 5, required: true, list: true, search: true, form: { group: 'detail' } },
    code: { type: 'string', label: L('用户编号', 'User code'), max: 45, form: { group: 'detail' } },
    phone: { type: 'string', label: L('手机号码', 'Phone'), max: 45, form: { group: 'detail' } },
    email: { type: 'string', label: L('电子邮箱', 'Email'), max: 45, form: { group: 'detail' } },
    sex: { type: 'enum', int: true, options: sex, label: L('用户性别', 'Sex'), form: { group: 'detail' } },
    birthday: { type: 'date', label: L('用户生日', 'Birthday'), form: { group: 'detail' } },
    idCard: { type: 'string', label: L('身份证号', 'ID card'), max: 18, form: { group: 'detail' } },
    pyCode: { type: 'string', label: L('拼音码', 'Pinyin code'), max: 64, form: { group: 'detail' } },
    avatar: { type: 'image', label: L('头像', 'Avatar'), form: false },
    roleId: { type: 'multiRef', ref: { resource: 'role', labelField: 'roleName' }, label: L('所属角色', 'Roles'), required: true, form: { group: 'duty' } },
    deptId: { type: 'multiRef', ref: { resource: 'dept', labelField: 'deptName' }, label: L('所属部门', 'Department'), required: true, form: { group: 'duty' } },
    postId: { type: 'multiRef', ref: { resource: 'post', labelField: 'postName' }, label: L('所属岗位', 'Posts'), required: true, form: { group: 'duty' } },
    secretLevel: { type: 'dict', dict: 'classified_type', label: L('密级', 'Secret level'), form: { group: 'duty' } },
    auditStatus: { type: 'dict', dict: 'vm_audit_status', label: L('审核状态', 'Audit status'), serverOnly: true },
    sort: { type: 'int', label: L('排序', 'Order'), min: 0, form: { group: 'duty' } },
    userExt: { type: 'text', label: L('扩展信息', 'Extension'), form: false },
    isSystem: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('系统内置', 'Built-in'), serverOnly: true },
    initPassword: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('初始密码', 'Initial password'), serverOnly: true },
    lastLoginTime: { type: 'datetime', label: L('最后登录时间', 'Last sign-in'), serverOnly: true },
    lastUppasswdTime: { type: 'datetime', label: L('最后修改密码时间', 'Last password change'), serverOnly: true },
  },
});
