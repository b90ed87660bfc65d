import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// Notices of a tenant: managed on the notice screen, read by everyone through the bell.
export const notice = defineResource({
  name: 'notice',
  table: 'blade_notice',
  label: L('通知公告', 'Notices'),
  api: '/api/blade-desk/notice',
  menu: { group: systemGroup, icon: 'NotificationOutlined' },
  tenant: true,
  softDelete: true,
  readableBySignedIn: true,
  defaultSort: [{ field: 'updateTime', dir: 'desc' }],
  fields: {
    title: { type: 'string', label: L('通知标题', 'Title'), max: 255, required: true, list: true, search: true, form: { span: 24 } },
    category: {
      type: 'dict',
      dict: 'notice',
      int: true,
      labelAs: 'categoryName',
      label: L('通知类型', 'Type'),
      required: true,
      list: true,
      search: 'equal',
    },
    releaseTime: { type: 'datetime', label: L('通知时间', 'Release time'), required: true, list: true, search: true },
    content: { type: 'richText', label: L('通知内容', 'Content'), max: 100_000, form: { span: 24 } },
  },
});
