import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { itemRef, note, orderNumber } from './catalogue-fields.ts';

// The legal basis (设定依据) of a matter: a law, its article and the article's text.
export const matIntLaws = defineResource({
  name: 'mat-int-laws',
  table: 'mat_int_laws',
  label: L('设定依据', 'Legal basis'),
  api: '/api/dw-matter/matIntLaws',
  menu: { group: matterGroup, icon: 'InsuranceOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    itemId: itemRef,
    lawsName: { type: 'string', label: L('法律法规名称', 'Law'), max: 200, required: '请输入法律法规名称', list: true, search: true },
    lawsNo: { type: 'string', label: L('文号', 'Document number'), max: 100, list: true },
    lawsTermsName: { type: 'string', label: L('条款号', 'Article'), max: 100, list: true },
    lawsTermsInfo: { type: 'richText', label: L('条款内容', 'Article text'), max: 50_000, form: { span: 24 } },
    lawsOrg: { type: 'string', label: L('颁布机关', 'Issued by'), max: 100 },
    lawsUrl: { type: 'string', label: L('链接地址', 'Link'), max: 500 },
    orderNumber,
    note: note(500),
  },
});
