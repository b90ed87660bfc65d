import { defineResource } from '@civdesk/meta';
import { L, yesNo12 } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

const httpUrl = { regex: '^https?://[^\\s]+$', message: L('请输入正确的URL地址', 'please enter a correct URL') };

// The OpenID Connect providers a tenant's users may sign in with (social login); `source` names
// one in the sign-in calls (`/oauth/render/{source}`).
export const socialProvider = defineResource({
  name: 'social-provider',
  table: 'blade_social_provider',
  label: L('第三方登录', 'Social sign-in'),
  api: '/api/blade-system/social-provider',
  menu: { group: authorityGroup, icon: 'GlobalOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'source', dir: 'asc' }],
  fields: {
    source: {
      type: 'string',
      label: L('来源编号', 'Source'),
      max: 32,
      required: true,
      unique: true,
      list: true,
      search: true,
      pattern: { regex: '^[a-z0-9-]{1,32}$', message: L('来源编号只能包含小写字母、数字和-', 'lower-case letters, digits and - only') },
      example: 'gov-oidc',
    },
    // Public: the login page lists the enabled providers' names before anyone signs in.
    name: {
      type: 'string',
      label: L('显示名称', 'Name'),
      max: 64,
      required: true,
      list: true,
      search: true,
      example: '政务服务统一身份认证',
    },
    issuer: {
      type: 'string',
      label: L('签发者地址', 'Issuer'),
      max: 500,
      required: true,
      pattern: httpUrl,
      list: { ellipsis: true },
      example: 'https://id.example.org',
    },
    clientId: { type: 'string', label: L('客户端ID', 'Client ID'), max: 255, required: true },
    clientSecret: { type: 'password', label: L('客户端密钥', 'Client secret'), max: 255, required: true },
    scopes: { type: 'string', label: L('授权范围', 'Scopes'), max: 255, default: 'openid profile', required: true },
    status: { type: 'enum', int: true, options: yesNo12, default: 2, label: L('是否启用', 'Enabled'), required: true, list: true },
  },
});
