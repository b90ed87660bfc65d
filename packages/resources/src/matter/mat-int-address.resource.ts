import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { matterGroup } from '../menu-groups.ts';
import { itemRef, note, orderNumber } from './catalogue-fields.ts';

const text = (zh: string, en: string, max: number, extra: object = {}) => ({ type: 'string' as const, label: L(zh, en), max, ...extra });

// Where a matter is handled (办理地点): office, window, phones and a map point.
export const matIntAddress = defineResource({
  name: 'mat-int-address',
  table: 'mat_int_address',
  label: L('办理地点', 'Addresses'),
  api: '/api/dw-matter/matIntAddress',
  menu: { group: matterGroup, icon: 'PushpinOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [
    { field: 'orderNumber', dir: 'asc' },
    { field: 'createTime', dir: 'asc' },
  ],
  fields: {
    itemId: itemRef,
    addressOrg: text('办理机构', 'Office', 200, { required: '请输入办理机构', list: true, search: true }),
    addressName: text('办理地址', 'Address', 200, { required: '请输入办理地址', list: true, search: true }),
    addressFloor: text('办理楼层', 'Floor', 50, { required: '请输入办理楼层', list: true }),
    windowAddressName: text('窗口名称', 'Window', 100),
    windowAddress: text('窗口地址', 'Window address', 200),
    phoneConsulting: text('咨询电话', 'Enquiries phone', 50, { required: '请输入咨询电话', list: true }),
    phoneSupervise: text('监督电话', 'Supervision phone', 50, { required: '请输入监督电话' }),
    addressee: text('收件人', 'Addressee', 50),
    addresseePhone: text('收件人电话', 'Addressee phone', 50),
    emailAddress: text('电子邮箱', 'Email', 100, { format: 'email', example: 'service@example.org' }),
    postCard: text('邮政编码', 'Postcode', 6, {
      pattern: { regex: '^\\d{6}$', message: L('邮政编码应为6位数字', 'six digits') },
      example: '276400',
    }),
    trafficInfo: { type: 'text', label: L('交通指引', 'Directions'), max: 500, form: { span: 24 } },
    mapUrl: text('地图地址', 'Map URL', 500),
    websiteAddress: text('网站地址', 'Website', 500),
    coordLongitude: { type: 'decimal', label: L('经度', 'Longitude'), example: '118.628500' },
    coordLatitude: { type: 'decimal', label: L('纬度', 'Latitude'), example: '35.784700' },
    orderNumber,
    note: note(500),
  },
});
