import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

const grantTypes = ['refresh_token', 'password', 'authorization_code', 'captcha', 'social'].map((g) => ({ value: g, label: L(g, g) }));

// OAuth clients: the Basic header of every call names one; its row decides grant types and token lifetimes.
export const client = defineResource({
  name: 'client',
  table: 'blade_client',
  label: L('应用管理', 'OAuth clients'),
  api: '/api/blade-system/client',
  menu: { group: authorityGroup, icon: 'AppstoreAddOutlined' },
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'clientId', dir: 'asc' }],
  fields: {
    clientId: { type: 'string', label: L('应用ID', 'Client ID'), max: 48, required: true, unique: true, list: true, search: true },
    clientSecret: { type: 'string', label: L('应用密钥', 'Client secret'), max: 256, required: true },
    authorizedGrantTypes: {
      type: 'multiEnum',
      options: grantTypes,
      default: 'refresh_token,password,authorization_code',
      label: L('授权类型', 'Grant types'),
      required: true,
      list: true,
      form: { span: 24 },
    },
    scope: { type: 'string', label: L('授权范围', 'Scope'), max: 256, default: 'all', required: true, list: true },
    accessTokenValidity: {
      type: 'int',
      label: L('令牌秒数', 'Access token seconds'),
      min: 60,
      max: 31536000,
      default: 3600,
      required: true,
      list: true,
    },
    refreshTokenValidity: {
      type: 'int',
      label: L('刷新令牌秒数', 'Refresh token seconds'),
      min: 60,
      max: 31536000,
      default: 604800,
      required: true,
      list: true,
    },
    webServerRedirectUri: { type: 'string', label: L('回调地址', 'Redirect URI'), max: 256 },
    resourceIds: { type: 'string', label: L('资源集合', 'Resource IDs'), max: 256 },
    authorities: { type: 'string', label: L('权限', 'Authorities'), max: 256 },
    autoapprove: { type: 'string', label: L('自动授权', 'Auto-approve'), max: 256 },
    additionalInformation: { type: 'text', label: L('附加说明', 'Additional information'), max: 4096, form: { span: 24 } },
  },
});
