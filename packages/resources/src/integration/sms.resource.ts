import { defineResource } from '@civdesk/meta';
import { L, yesNo12 } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

export const smsCategories = [
  { value: 0, label: L('本地记录', 'Record locally') },
  { value: 1, label: L('云片', 'Yunpian') },
  { value: 2, label: L('七牛', 'Qiniu') },
  { value: 3, label: L('阿里云', 'Alibaba Cloud') },
  { value: 4, label: L('腾讯云', 'Tencent Cloud') },
];

// SMS provider settings; one per tenant is enabled (status 2). The built-in "record locally"
// provider keeps every message in blade_sms_record so an administrator sees what would be sent.
export const sms = defineResource({
  name: 'sms',
  table: 'blade_sms',
  label: L('短信配置', 'SMS settings'),
  api: '/api/blade-resource/sms',
  menu: { group: configGroup, icon: 'MobileOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'smsCode', dir: 'asc' }],
  buttons: [
    { action: 'enable', label: L('启用', 'Enable') },
    { action: 'send', label: L('发送短信', 'Send SMS') },
  ],
  fields: {
    category: {
      type: 'enum',
      int: true,
      options: smsCategories,
      default: 0,
      label: L('分类', 'Provider'),
      required: true,
      list: true,
      search: 'equal',
    },
    smsCode: { type: 'string', label: L('资源编号', 'Code'), max: 32, required: true, unique: true, list: true, search: true },
    templateId: { type: 'string', label: L('模板ID', 'Template ID'), max: 64, required: true, list: true },
    accessKey: { type: 'string', label: L('accessKey', 'Access key'), max: 255 },
    secretKey: { type: 'password', label: L('secretKey', 'Secret key'), max: 255 },
    regionId: { type: 'string', label: L('regionId', 'Region ID'), max: 64 },
    signName: { type: 'string', label: L('短信签名', 'Signature'), max: 64, list: true },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
    status: {
      type: 'enum',
      int: true,
      options: yesNo12,
      default: 1,
      label: L('是否启用', 'Enabled'),
      serverOnly: true,
      list: true,
    },
  },
});
