import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { systemGroup } from '../menu-groups.ts';

// Sub-systems of the platform (minor protection, approvals…) and the menus each one shows.
export const domainSys = defineResource({
  name: 'domain-sys',
  table: 'bm_domain_sys',
  label: L('域系统', 'Domain systems'),
  api: '/api/dw-system/bmDomainSys',
  menu: { group: systemGroup, icon: 'ClusterOutlined' },
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
