import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

// Which account a client certificate signs in: the issuer plus its serial number and/or subject,
// written as the server reads them (`CN=…, O=…`). Administrators manage them.
export const certBinding = defineResource({
  name: 'cert-binding',
  table: 'blade_cert_binding',
  label: L('证书绑定', 'Certificate bindings'),
  api: '/api/blade-system/cert-binding',
  menu: { group: authorityGroup, icon: 'ContactsOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    account: { type: 'string', label: L('账号', 'Account'), max: 45, required: true, list: true, search: true, example: 'admin' },
    // The account's user, found when the binding is saved: the binding follows the user, not the name.
    userId: { type: 'ref', ref: { resource: 'user', labelField: 'account' }, label: L('用户', 'User'), serverOnly: true },
    issuer: { type: 'string', label: L('颁发者', 'Issuer'), max: 500, required: true, list: { ellipsis: true }, search: true },
    serialNumber: {
      type: 'string',
      label: L('序列号（十六进制）', 'Serial number (hex)'),
      max: 128,
      list: true,
      search: true,
      pattern: { regex: '^[0-9A-Fa-f: ]{1,128}$', message: L('序列号应为十六进制数', 'the serial number is hexadecimal') },
      example: '1a2b3c4d',
    },
    subject: { type: 'string', label: L('证书主题', 'Subject'), max: 500, list: { ellipsis: true }, search: true },
    remark: { type: 'string', label: L('备注', 'Remark'), max: 255 },
  },
  requiredOneOf: [
    { fields: ['serialNumber', 'subject'], message: L('请填写证书序列号或证书主题', 'Enter the serial number or the subject') },
  ],
});
