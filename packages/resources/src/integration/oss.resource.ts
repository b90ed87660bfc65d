import { defineResource } from '@civdesk/meta';
import { L, yesNo12 } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

export const ossCategories = [
  { value: 0, label: L('本地存储', 'Local folder') },
  { value: 1, label: L('MinIO / S3 兼容', 'MinIO / S3-compatible') },
  { value: 2, label: L('七牛云', 'Qiniu') },
  { value: 3, label: L('阿里云', 'Alibaba Cloud OSS') },
  { value: 4, label: L('腾讯云', 'Tencent COS') },
];

// Object storage settings; uploads go to the enabled one (status 2), else to the data folder.
export const oss = defineResource({
  name: 'oss',
  table: 'blade_oss',
  label: L('对象存储', 'Object storage'),
  api: '/api/blade-resource/oss',
  menu: { group: configGroup, icon: 'CloudServerOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'ossCode', dir: 'asc' }],
  buttons: [{ action: 'enable', label: L('启用', 'Enable') }],
  fields: {
    category: {
      type: 'enum',
      int: true,
      options: ossCategories,
      default: 0,
      label: L('分类', 'Kind'),
      required: true,
      list: true,
      search: 'equal',
    },
    ossCode: { type: 'string', label: L('资源编号', 'Code'), max: 32, required: true, unique: true, list: true, search: true },
    endpoint: { type: 'string', label: L('资源地址', 'Endpoint'), max: 255, list: true },
    accessKey: { type: 'string', label: L('accessKey', 'Access key'), max: 255 },
    secretKey: { type: 'password', label: L('secretKey', 'Secret key'), max: 255 },
    bucketName: { type: 'string', label: L('空间名', 'Bucket'), max: 255, list: true },
    appId: { type: 'string', label: L('应用ID', 'App ID'), max: 255 },
    region: { type: 'string', label: L('地域简称', 'Region'), max: 255 },
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
