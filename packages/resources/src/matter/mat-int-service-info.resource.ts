import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { itemRef, note } from './catalogue-fields.ts';

// The service guide (服务指南) of a matter: a rich-text page; detail?itemId= answers the matter's
// latest one.
export const matIntServiceInfo = defineResource({
  name: 'mat-int-service-info',
  table: 'mat_int_service_info',
  label: L('服务指南', 'Service guide'),
  api: '/api/dw-matter/matIntServiceInfo',
  menu: { group: matterGroup, icon: 'CompassOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'updateTime', dir: 'desc' }],
  fields: {
    itemId: itemRef,
    content: { type: 'richText', label: L('指南内容', 'Content'), max: 100_000, required: '请输入指南内容', form: { span: 24 } },
    note: note(500),
  },
});
