import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

const httpUrl = { regex: '^https?://[^\\s]+$', message: L('请输入正确的URL地址', 'please enter a correct URL') };

// Third-party applications users reach from the desk (single sign-on entry and logout hook);
// which roles see an application is bound per application.
export const thirdApp = defineResource({
  name: 'third-app',
  table: 'dw_third_app',
  label: L('第三方应用', 'Third-party apps'),
  api: '/api/dw-third-app/dwThirdApp',
  menu: { group: authorityGroup, icon: 'AppstoreOutlined' },
  tenant: true,
  softDelete: true,
  routes: ['page', 'list', 'detail', 'submit', 'remove'],
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: {
    appName: { type: 'string', label: L('应用名称', 'Name'), max: 100, required: true, list: true, search: true },
    appImg: {
      type: 'image',
      label: L('应用图标', 'Icon'),
      list: true,
      upload: {
        accept: ['png', 'jpg', 'jpeg'],
        maxKb: 5000,
        tip: L('只能上传jpg/png图片，且不超过5M', 'jpg/png images only, at most 5 MB'),
      },
    },
    loginUrl: {
      type: 'string',
      label: L('登录地址', 'Sign-in URL'),
      max: 500,
      required: true,
      pattern: httpUrl,
      list: { ellipsis: true },
      example: 'https://app.example.org/sso',
    },
    loginOutApi: {
      type: 'string',
      label: L('退出接口', 'Logout URL'),
      max: 500,
      required: true,
      pattern: httpUrl,
      example: 'https://app.example.org/logout',
    },
    note: { type: 'text', label: L('备注', 'Note'), max: 500, required: true, form: { span: 24 } },
  },
});
