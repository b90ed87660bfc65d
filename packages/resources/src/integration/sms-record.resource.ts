import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { logGroup } from '../menu-groups.ts';
import { smsCategories } from './sms.resource.ts';

// Every message handed to a provider, with the outcome: what an administrator checks.
export const smsRecord = defineResource({
  name: 'sms-record',
  table: 'blade_sms_record',
  label: L('短信记录', 'SMS records'),
  api: '/api/blade-resource/sms-record',
  menu: { group: logGroup, icon: 'HistoryOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'remove'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    smsCode: { type: 'string', label: L('资源编号', 'Code'), max: 32, list: true, search: true },
    category: { type: 'enum', int: true, options: smsCategories, label: L('分类', 'Provider'), list: true },
    phones: { type: 'text', label: L('手机号', 'Phones'), max: 2000, list: { ellipsis: true }, search: true },
    params: { type: 'text', label: L('参数', 'Parameters'), max: 4000, list: { ellipsis: true } },
    result: { type: 'string', label: L('结果', 'Result'), max: 255, list: true },
  },
});
