import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

// Which messages the workflow sends and where (site message, SMS, mail), per region.
export const messageSetting = defineResource({
  name: 'message-setting',
  table: 'mat_wf_message_setting',
  label: L('消息设置', 'Message settings'),
  api: '/api/dw-matter/matWfMessageSetting',
  menu: { group: configGroup, icon: 'MessageOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove', 'cusPage'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    messageId: { type: 'string', label: L('消息编号', 'Message ID'), max: 64, list: true, search: true },
    messageSettingName: { type: 'string', label: L('消息名称', 'Name'), max: 100, required: true, list: true, search: true },
    messageType: {
      type: 'dict',
      dict: 'SYS_MESSAGE_TYPE',
      int: true,
      label: L('消息类型', 'Type'),
      required: true,
      list: true,
      search: 'equal',
    },
    webUrl: { type: 'text', label: L('配置信息', 'Configuration'), max: 500, required: true, list: { ellipsis: true }, form: { span: 24 } },
    isStop: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否停用', 'Stopped'), list: true, search: 'equal' },
    note: { type: 'text', label: L('备注', 'Note'), max: 200, form: { span: 24 } },
    regionId: { type: 'ref', ref: { resource: 'region', labelField: 'name' }, label: L('所属区划', 'Region') },
  },
});
