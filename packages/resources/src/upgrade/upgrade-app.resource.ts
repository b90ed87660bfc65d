import { defineResource } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';
import { developGroup } from '../menu-groups.ts';

/** The platforms a client app is built for. */
export const appPlatforms = [
  { value: 'android', label: L('安卓', 'Android') },
  { value: 'ios', label: L('苹果iOS', 'iOS') },
  { value: 'harmony', label: L('鸿蒙', 'HarmonyOS') },
  { value: 'windows', label: L('Windows', 'Windows') },
  { value: 'macos', label: L('macOS', 'macOS') },
  { value: 'linux', label: L('Linux', 'Linux') },
];

/** Installer packages the upload takes; larger ones (over the upload limit) are published by URL. */
export const appPackageTypes = ['apk', 'aab', 'ipa', 'hap', 'exe', 'msi', 'dmg', 'pkg', 'zip', 'deb', 'rpm', 'appimage'];

// The app-upgrade registry: each published version of an installable client app, per platform.
// A client asks for the newest released version of its app code and platform and compares version
// codes (whole numbers, growing), not names. Platform-wide: the client apps are the product's own,
// the same for every tenant, so only the platform administrator publishes them.
export const upgradeApp = defineResource({
  name: 'upgrade-app',
  table: 'blade_upgrade_app',
  label: L('应用升级', 'App upgrades'),
  api: '/api/blade-upgrade/upgradeapp',
  menu: { group: developGroup, path: '/upgrade-app', icon: 'DesktopOutlined' },
  tenant: false,
  platformOnly: true,
  softDelete: true,
  defaultSort: [
    { field: 'appCode', dir: 'asc' },
    { field: 'versionCode', dir: 'desc' },
  ],
  groups: { app: L('应用信息', 'App'), version: L('版本信息', 'Version') },
  uniqueTogether: [
    {
      fields: ['appCode', 'platform', 'versionCode'],
      message: L('该应用在此平台已有相同的版本序号', 'This app already has this version code on this platform'),
    },
    {
      fields: ['appCode', 'platform', 'versionName'],
      message: L('该应用在此平台已有相同的版本号', 'This app already has this version on this platform'),
    },
  ],
  requiredOneOf: [
    { fields: ['downloadFile', 'downloadUrl'], message: L('请上传安装包或填写下载地址', 'Upload the package or enter its download URL') },
  ],
  fields: {
    appName: {
      type: 'string',
      label: L('应用名称', 'App name'),
      max: 64,
      required: true,
      list: true,
      search: true,
      form: { group: 'app' },
    },
    appCode: {
      type: 'string',
      label: L('应用编码', 'App code'),
      max: 64,
      required: true,
      list: true,
      search: 'equal',
      pattern: {
        regex: '^[A-Za-z][A-Za-z0-9._-]*$',
        message: L('应用编码只能包含字母、数字和 . _ -，且以字母开头', 'Letters, digits, . _ - only, starting with a letter'),
      },
      example: 'civdesk-mobile',
      form: { group: 'app' },
    },
    platform: {
      type: 'enum',
      options: appPlatforms,
      label: L('平台', 'Platform'),
      required: true,
      list: true,
      search: 'equal',
      form: { group: 'app' },
    },
    versionName: {
      type: 'string',
      label: L('版本号', 'Version'),
      max: 32,
      required: true,
      list: true,
      search: true,
      pattern: { regex: '^\\d+(\\.\\d+){0,3}$', message: L('版本号格式应为数字和点，如 1.2.0', 'Digits and dots, e.g. 1.2.0') },
      example: '1.2.0',
      form: { group: 'version' },
    },
    versionCode: {
      type: 'int',
      label: L('版本序号', 'Version code'),
      min: 1,
      max: 2147483647,
      required: true,
      list: true,
      example: 10200,
      form: { group: 'version' },
    },
    downloadFile: {
      type: 'file',
      label: L('安装包', 'Package'),
      max: 1000,
      form: { group: 'version', span: 24 },
      upload: {
        accept: appPackageTypes,
        maxKb: 10240,
        tip: L('只能上传一个安装包，且不超过10240KB；更大的安装包请填写下载地址', 'one package, at most 10240 KB; give larger ones by URL'),
      },
      example: 'https://files.example.org/apps/civdesk-1.2.0.apk',
    },
    downloadUrl: {
      type: 'string',
      label: L('下载地址', 'Download URL'),
      max: 1000,
      pattern: { regex: '^https?://[^\\s]+$', message: L('请输入正确的URL地址', 'please enter a correct URL') },
      list: { ellipsis: true },
      example: 'https://apps.example.org/civdesk-1.2.0.apk',
      form: { group: 'version', span: 24 },
    },
    mustUpdate: {
      type: 'enum',
      int: true,
      options: yesNo01,
      default: 0,
      label: L('强制更新', 'Must update'),
      required: true,
      list: true,
      form: { group: 'version' },
    },
    status: {
      type: 'enum',
      int: true,
      options: [
        { value: 1, label: L('已发布', 'Released') },
        { value: 0, label: L('未发布', 'Draft') },
      ],
      default: 0,
      label: L('状态', 'Status'),
      required: true,
      list: true,
      search: 'equal',
      form: { group: 'version' },
    },
    releaseNotes: {
      type: 'text',
      label: L('更新说明', 'Release notes'),
      max: 2000,
      required: true,
      form: { group: 'version', span: 24 },
    },
  },
});
