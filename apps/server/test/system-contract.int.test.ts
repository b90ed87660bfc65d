import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDeployment } from '../src/modules/upgrade/versions.ts';
import { buildTestApp, type TestApp, type TestUser } from './helpers/build-app.ts';
import { type ApiDoc, type ContractCall, callName, walkCall } from './helpers/contract.ts';

// The calls of the shell and of system administration, each at the path and with the parameters a
// client sends, answered in the envelope with the data shape a client reads (page, tree, list,
// detail with the entity's field names), for the administrator of the demo tenant 100001. The
// matter calls are walked by matter-contract.int.test.ts, the workflow calls by the workflow suites.
// Writes either save a new row (shape `ok`) or name a row that does not exist (shape `refused`), so
// the walk changes nothing it later reads; the behaviour of each write is tested in its own file.

const S = '/api/blade-system';
const U = '/api/blade-user';
const NONE = '1'; // an id no row has
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const page = (path: string, query: ContractCall['query'] = {}, fields?: string[]): ContractCall => ({
  method: 'GET',
  path,
  query: { current: 1, size: 10, ...query },
  shape: 'page',
  fields,
});
const get = (path: string, shape: ContractCall['shape'], query?: ContractCall['query'], fields?: string[]): ContractCall => ({
  method: 'GET',
  path,
  query,
  shape,
  fields,
});
const detail = (path: string, from: string, fields?: string[], key = 'id'): ContractCall => ({
  method: 'GET',
  path,
  from,
  key,
  query: { [key]: '$id' },
  shape: 'detail',
  fields,
});
const post = (path: string, shape: ContractCall['shape'], body?: ContractCall['body'], query?: ContractCall['query']): ContractCall => ({
  method: 'POST',
  path,
  body,
  query,
  shape,
});
/** Remove by `ids` in the query string, naming a row that does not exist: refused, nothing changes. */
const remove = (path: string): ContractCall => ({ method: 'POST', path, query: { ids: NONE }, shape: 'refused' });

// Spec field names (the entity lists of system administration).
const F = {
  user: ['account', 'realName', 'name', 'phone', 'email', 'sex', 'userType', 'tenantId', 'roleId', 'deptId', 'postId', 'status'],
  menu: ['id', 'parentId', 'name', 'path', 'source', 'code', 'alias', 'category', 'action', 'isOpen', 'sort', 'remark'],
  topMenu: ['name', 'source', 'code', 'sort'],
  dataScope: ['scopeName', 'resourceCode', 'scopeColumn', 'scopeType', 'scopeField', 'scopeClass', 'scopeValue', 'remark'],
  apiScope: ['scopeName', 'resourceCode', 'scopePath', 'scopeType', 'remark'],
  role: ['roleName', 'roleAlias', 'tenantId', 'sort', 'parentId'],
  post: ['category', 'postCode', 'postName', 'sort', 'remark', 'tenantId'],
  dept: ['parentId', 'deptCode', 'deptName', 'fullName', 'areaId', 'sort', 'remark', 'tenantId'],
  region: ['id', 'parentId', 'code', 'fullName', 'name', 'regionLevel', 'remark', 'status'],
  dict: ['code', 'dictValue', 'dictKey', 'sort', 'parentId', 'isSealed', 'remark'],
  param: ['paramName', 'paramKey', 'paramValue', 'remark'],
  tenant: ['tenantId', 'tenantName', 'linkman', 'contactNumber', 'address', 'accountNumber', 'expireTime', 'domainUrl', 'backgroundUrl'],
  tenantPackage: ['packageName', 'menuId', 'remark'],
  client: [
    'clientId',
    'authorizedGrantTypes',
    'scope',
    'accessTokenValidity',
    'refreshTokenValidity',
    'webServerRedirectUri',
    'resourceIds',
    'authorities',
    'autoapprove',
    'additionalInformation',
  ],
  datasource: ['name', 'driverClass', 'username', 'url', 'remark'],
  usualLog: [
    'serviceId',
    'serverHost',
    'serverIp',
    'env',
    'logLevel',
    'logId',
    'requestUri',
    'createTime',
    'userAgent',
    'logData',
    'params',
  ],
  notice: ['id', 'title', 'category', 'releaseTime', 'content'],
  holiday: ['id', 'year', 'holidaysList', 'isSteped'],
  thirdApp: ['appName', 'appImg', 'loginUrl', 'loginOutApi', 'createTime', 'note'],
  query: ['customName', 'customNo', 'isSys', 'content', 'note', 'createTime'],
  report: ['templateName', 'printSqlId', 'code', 'note'],
  tab: ['flag', 'pageTabname', 'pageTaburl', 'isSys', 'isSave', 'isVerification', 'orderNum'],
  messageSetting: ['id', 'messageId', 'messageSettingName', 'messageType', 'webUrl', 'isStop', 'note', 'regionId'],
};

/** A 1×1 PNG, for the image upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Spec 000 §7: the shell's own calls (sign-in, menus, dictionaries, notices, uploads, assistant). */
export const SHELL_CALLS: ContractCall[] = [
  get('/api/blade-auth/oauth/captcha', 'bare', undefined, ['key', 'image']),
  { ...get('/api/blade-auth/sso/by-code', 'refused', { code: 'no-such-code' }), basic: true },
  // A registration request the administrator then passes or rejects; the password is sent hashed (MD5 hex) as the sign-in sends it.
  post(`${U}/register-guest`, 'ok', {
    tenantId: '100001',
    name: '访客',
    account: 'guest-walk',
    password: md5('Walk@2026x'),
    oauthId: NONE,
  }),
  post('/api/blade-log/front/send', 'ok', { logs: [{ type: 'error', message: 'contract walk', url: '/wel/index' }] }),
  get(`${U}/info`, 'detail', undefined, ['account', 'realName', 'tenantId']),
  get(`${S}/menu/buttons`, 'list'),
  get('/api/blade-auth/oauth/clear-cache', 'bare'),
  { ...post('/api/blade-auth/oauth/deploy-check', 'refused', { username: 'admin', password: 'wrong' }), basic: true },
  get(`${S}/bmSysOperationTime/checkRefresh`, 'ok'),
  get(`${S}/dept/select`, 'list', { tenantId: '100001' }),
  get(`${S}/role/select`, 'list'),
  { ...get(`${S}/role/select`, 'list'), from: `${U}/page?current=1&size=1`, query: { userId: '$id' } },
  get(`${S}/menu/top-menu`, 'list'),
  { ...get(`${S}/menu/routes`, 'list'), from: `${S}/menu/top-menu`, query: { topMenuId: '$id' } },
  get(`${S}/menu/getMenuTree`, 'tree'),
  get(`${S}/dwSysDictClient/getBatchDict`, 'detail', { codes: 'sex,yes_no' }, ['sex', 'yes_no']),
  get(`${S}/dwSysDictClient/getDetailByCode`, 'list', { code: 'sex' }),
  post('/api/blade-desk/notice/submit', 'ok', {
    title: '契约通知',
    category: 1,
    releaseTime: '2026-01-01 00:00:00',
    content: '<p>契约</p>',
  }),
  get('/api/blade-desk/notice/list', 'page', { current: 1, size: 10 }, F.notice),
  detail('/api/blade-desk/notice/detail', '/api/blade-desk/notice/list?current=1&size=1', F.notice),
  {
    method: 'POST',
    path: '/api/blade-resource/oss/endpoint/put-file',
    multipart: { file: { name: 'file', filename: 'walk.png', type: 'image/png', content: PNG } },
    shape: 'detail',
    fields: ['name', 'link'],
  },
  {
    method: 'POST',
    path: '/api/blade-resource/oss/endpoint/put-file-attach',
    multipart: { file: { name: 'file', filename: 'walk.txt', type: 'text/plain', content: 'contract walk' } },
    shape: 'detail',
    fields: ['originalName', 'link'],
  },
  {
    method: 'POST',
    path: '/api/dw-widgets/assistant/ask',
    multipart: { fields: { query: '修改密码' } },
    shape: 'detail',
    fields: ['content'],
  },
];

const P = { as: 'platform' } as const;
/** The platform administrator's call: platform configuration, and writes to the reference data tenants share. */
const platform = (c: ContractCall): ContractCall => ({ ...c, ...P });

/** Spec 001 §7 "System". */
export const SYSTEM_CALLS: ContractCall[] = [
  // Users
  page(`${U}/b/page`, { deptId: '', nodeType: '' }, F.user),
  {
    ...post(`${U}/submit`, 'ok', {
      account: 'walk-admin',
      realName: '契约',
      name: '契约',
      password: 'Walk@2026x',
      password2: 'Walk@2026x',
      userType: 1,
      roleId: '$id',
      deptId: '$dept',
      postId: '$post',
      sex: 1,
      phone: '13800000001',
      email: 'walk@example.gov.cn',
      // status is not the form's: a new user is 1 (normal) and changes through changeStatus, walked below.
      sort: 1,
    }),
    from: `${S}/role/list`,
    refs: { $dept: `${S}/dept/list`, $post: `${S}/post/page?current=1&size=1` },
  },
  post(`${U}/submit`, 'refused', { account: '' }),
  post(`${U}/update`, 'refused', { id: NONE, realName: '无此人' }),
  remove(`${U}/remove`),
  post(`${U}/grant`, 'refused', undefined, { userIds: NONE, roleIds: NONE }),
  { ...post(`${U}/changeStatus`, 'refused', undefined, { userIds: NONE, status: 0 }), headers: { 'Tenant-Id': '100001' } },
  { ...post(`${U}/revocation`, 'refused', undefined, { userIds: NONE }), headers: { 'Tenant-Id': '100001' } },
  post(`${U}/reset-password`, 'refused', undefined, { userIds: NONE }),
  post(`${U}/update-platform`, 'refused', undefined, { userId: NONE, userType: 1, userExt: '' }),
  post(`${U}/unlock`, 'refused', undefined, { userIds: NONE }),
  { ...detail(`${U}/platform-detail`, `${U}/page?current=1&size=1`, ['userType', 'userExt']), query: { userId: '$id' } },
  detail(`${U}/detail`, `${U}/page?current=1&size=1`, F.user),
  get(`${U}/info`, 'detail', undefined, ['account', 'realName']),
  {
    ...post(`${U}/update-password`, 'refused', undefined, {
      oldPassword: md5('wrong'),
      newPassword: md5('Walk@2026x'),
      newPassword1: md5('Walk@2026x'),
    }),
    refusedFor: /原密码/,
  },
  post(`${U}/update-info`, 'ok', {}),
  post(`${U}/b/setSecret`, 'refused', undefined, { userIds: NONE, secretLevel: 1 }),
  page(`${U}/b/userAudit/page`, { deptId: '' }),
  post(`${U}/b/userAudit/auditPass`, 'refused', undefined, { ids: NONE }),
  post(`${U}/b/userAudit/auditReject`, 'refused', undefined, { ids: NONE }),
  page(`${U}/page4lastUpwd`, { deptId: '', lastUpwdOrder: 'desc', lastLoginOrder: 'asc' }),
  get(`${S}/dwSysPwStrategy/getStrategy`, 'detail'),
  post(`${S}/dwSysPwStrategy/cusSubmit`, 'refused', { minLength: -1 }),
  post('/api/blade-auth/comUser/submit', 'ok', { account: 'walk-user', realName: '契约用户', phone: '13800000000', sex: 1 }),
  page('/api/blade-auth/comUser/page', {}, ['account', 'realName']),
  detail('/api/blade-auth/comUser/detail', '/api/blade-auth/comUser/page?current=1&size=1', ['account', 'realName']),
  remove('/api/blade-auth/comUser/remove'),
  // Roles
  get(`${S}/role/list`, 'tree', undefined, F.role),
  get(`${S}/role/tree`, 'tree', { tenantId: '100001' }),
  { ...get(`${S}/role/tree-by-id`, 'tree'), from: `${S}/role/list`, query: { roleId: '$id' } },
  post(`${S}/role/grant`, 'refused', { roleIds: [NONE], menuIds: [], dataScopeIds: [], apiScopeIds: [], topMenuIds: [] }),
  // Menus
  get(`${S}/menu/grant-tree`, 'detail', undefined, ['menu']),
  {
    ...get(`${S}/menu/role-tree-keys`, 'detail', undefined, ['menu', 'dataScope', 'apiScope']),
    from: `${S}/role/list`,
    query: { roleIds: '$id' },
  },
  get(`${S}/menu/grant-top-tree`, 'detail', undefined, ['menu']),
  { ...get(`${S}/menu/top-tree-keys`, 'detail', undefined, ['menu']), from: `${S}/topmenu/list`, query: { topMenuIds: '$id' } },
  get(`${S}/fun/list`, 'tree', undefined, F.menu),
  get(`${S}/fun/lazy-list`, 'tree', { parentId: 0 }),
  get(`${S}/fun/lazy-menu-list`, 'tree', { parentId: 0 }),
  get(`${S}/fun/menu-list`, 'tree'),
  get(`${S}/fun/tree`, 'tree'),
  get(`${S}/fun/top-menu`, 'list'),
  { ...get(`${S}/fun/routes`, 'list'), from: `${S}/menu/top-menu`, query: { topMenuId: '$id' } },
  get(`${S}/menu/list`, 'tree', undefined, F.menu),
  get(`${S}/menu/tree`, 'tree'),
  get(`${S}/menu/buttons`, 'list'),
  // Spec: a menu needs its path and icon; one without them is refused.
  {
    ...platform(
      post(`${S}/menu/submit`, 'refused', {
        parentId: 0,
        name: '无路径菜单',
        code: 'walk_nopath',
        alias: 'nopath',
        category: 1,
        action: 0,
        sort: 99,
      }),
    ),
    refusedFor: /"field":"path".*"field":"source"/,
  },
  platform(
    post(`${S}/menu/submit`, 'ok', {
      parentId: 0,
      name: '契约菜单',
      path: '/contract-walk',
      source: 'iconfont icon-walk',
      code: 'contract_walk',
      alias: 'walk',
      category: 1,
      action: 0,
      sort: 99,
      remark: '契约',
    }),
  ),
  platform(remove(`${S}/menu/remove`)),
  detail(`${S}/menu/detail`, `${S}/menu/list`, F.menu),
  page(`${S}/topmenu/list`, { size: -1 }, F.topMenu),
  detail(`${S}/topmenu/detail`, `${S}/topmenu/list`, F.topMenu),
  // Spec: a top menu needs its icon.
  { ...platform(post(`${S}/topmenu/submit`, 'refused', { name: '无图标', code: 'walk_noicon', sort: 1 })), refusedFor: /"field":"source"/ },
  platform(post(`${S}/topmenu/submit`, 'ok', { name: '契约顶部菜单', source: 'iconfont icon-walk', code: 'walk_top', sort: 9 })),
  post(`${S}/topmenu/grant`, 'refused', undefined, { topMenuIds: NONE, menuIds: NONE }),
  page(`${S}/data-scope/list`, { size: -1 }, F.dataScope),
  platform(remove(`${S}/data-scope/remove`)),
  // Spec: a data scope needs its column and class.
  {
    ...platform(post(`${S}/data-scope/submit`, 'refused', { scopeName: '缺少字段', resourceCode: 'walk', scopeType: 1 })),
    refusedFor: /"field":"scopeClass".*"field":"scopeColumn"|"field":"scopeColumn".*"field":"scopeClass"/,
  },
  detail(`${S}/data-scope/detail`, `${S}/data-scope/list`, F.dataScope),
  page(`${S}/api-scope/list`, { size: -1 }, F.apiScope),
  platform(remove(`${S}/api-scope/remove`)),
  platform(post(`${S}/api-scope/submit`, 'refused', { scopeName: '缺少字段' })),
  detail(`${S}/api-scope/detail`, `${S}/api-scope/list`, F.apiScope),
  {
    ...platform(post(`${S}/bmDomainSysMenu/submit`, 'ok', { sysId: '$id', menuId: '$menu' })),
    from: '/api/dw-system/bmDomainSys/list',
    refs: { $menu: `${S}/menu/list` },
  },
  page(`${S}/bmDomainSysMenu/list`, { size: -1 }, ['sysId', 'menuId']),
  detail(`${S}/bmDomainSysMenu/detail`, `${S}/bmDomainSysMenu/list`, ['sysId', 'menuId']),
  platform(remove(`${S}/bmDomainSysMenu/remove`)),
  { ...get(`${S}/bmDomainSysMenu/getSysAssignedMenu`, 'list'), from: '/api/dw-system/bmDomainSys/list', query: { sysId: '$id' } },
  // Spec: assignMenu takes roleIds and menuIds; roleIds name the domain systems (docs/decisions.md), so an unknown one is refused as such.
  { ...platform(post(`${S}/bmDomainSysMenu/assignMenu`, 'refused', undefined, { roleIds: NONE, menuIds: NONE })), refusedFor: /域系统/ },
  page('/api/dw-system/bmDomainSys/page'),
  page('/api/dw-system/bmDomainSys/list', { size: -1 }),
  // Departments and posts
  get(`${S}/dept/list`, 'tree', undefined, F.dept),
  page(`${S}/dept/pageList`),
  remove(`${S}/dept/remove`),
  post(`${S}/dept/submit`, 'refused', { deptName: '' }),
  detail(`${S}/dept/detail`, `${S}/dept/list`, F.dept),
  get(`${S}/dept/tree`, 'tree', { tenantId: '100001' }),
  get(`${S}/dept/lazy-tree`, 'tree', { parentId: 0 }),
  get(`${S}/dept/select`, 'list', { tenantId: '100001' }),
  get(`${S}/dept/area-dept-tree`, 'tree'),
  get(`${S}/post/select`, 'list', { tenantId: '100001' }),
  page(`${S}/post/page`, {}, F.post),
  page(`${S}/post/list`, { size: -1 }),
  detail(`${S}/post/detail`, `${S}/post/page?current=1&size=1`, F.post),
  post(`${S}/post/submit`, 'ok', { category: '1', postCode: 'walk01', postName: '契约岗位', sort: 1, remark: '契约' }),
  remove(`${S}/post/remove`),
  // Tenants (the platform administrator's)
  page(`${S}/tenant/page`, {}, F.tenant),
  page(`${S}/tenant/list`, { tenantId: '100001', size: -1 }, F.tenant),
  detail(`${S}/tenant/detail`, `${S}/tenant/list`, F.tenant),
  platform(
    post(`${S}/tenant/submit`, 'ok', {
      tenantId: '200901',
      tenantName: '契约租户',
      linkman: '契约',
      contactNumber: '13800000000',
      address: '契约路',
    }),
  ),
  platform(remove(`${S}/tenant/remove`)),
  get(`${S}/tenant/select`, 'list'),
  platform(post(`${S}/tenant/setting`, 'refused', undefined, { ids: NONE, accountNumber: 10, expireTime: '2030-01-01 00:00:00' })),
  platform(post(`${S}/tenant/datasource`, 'refused', undefined, { tenantId: '999999', datasourceId: NONE })),
  platform(post(`${S}/tenant/package`, 'refused', undefined, { tenantId: '999999', packageId: NONE })),
  {
    ...platform(post(`${S}/tenant-package/submit`, 'ok', { packageName: '契约套餐', menuId: '$id', remark: '契约' })),
    from: `${S}/menu/list`,
  },
  page(`${S}/tenant-package/page`, {}, F.tenantPackage),
  page(`${S}/tenant-package/list`, { size: -1 }),
  detail(`${S}/tenant-package/detail`, `${S}/tenant-package/list`, F.tenantPackage),
  platform(remove(`${S}/tenant-package/remove`)),
  // Dictionaries
  get(`${S}/dict/list`, 'tree', undefined, F.dict),
  page(`${S}/dict/parent-list`, {}, F.dict),
  { ...get(`${S}/dict/child-list`, 'list', undefined, F.dict), from: `${S}/dict/parent-list?current=1&size=1`, query: { parentId: '$id' } },
  platform(remove(`${S}/dict/remove`)),
  platform(post(`${S}/dict/submit`, 'refused', { code: '' })),
  detail(`${S}/dict/detail`, `${S}/dict/parent-list?current=1&size=1`, F.dict),
  get(`${S}/dict/tree`, 'tree', { code: 'DICT' }),
  get(`${S}/dict/dictionary`, 'list', { code: 'sex' }),
  get(`${S}/dict/select`, 'list'),
  post(`${S}/dict-biz/submit`, 'ok', {
    parentId: 0,
    code: 'walk_biz',
    dictKey: '-1',
    dictValue: '契约业务字典',
    sort: 1,
    isSealed: 0,
    remark: '契约',
  }),
  get(`${S}/dict-biz/list`, 'tree', undefined, F.dict),
  detail(`${S}/dict-biz/detail`, `${S}/dict-biz/parent-list?current=1&size=1`, F.dict),
  page(`${S}/dict-biz/parent-list`),
  get(`${S}/dict-biz/child-list`, 'list', { parentId: 0 }),
  remove(`${S}/dict-biz/remove`),
  post(`${S}/dict-biz/submit`, 'refused', { code: '' }),
  get(`${S}/dict-biz/tree`, 'tree'),
  get(`${S}/dict-biz/dictionary`, 'list', { code: 'sex' }),
  get(`${S}/dict-biz/select`, 'list'),
  page(`${S}/dwSysDictDetail/page`),
  platform(remove(`${S}/dwSysDictDetail/remove`)),
  platform(post(`${S}/dwSysDictDetail/submit`, 'refused', {})),
  get(`${S}/dwSysDictDetail/getBmDictTree`, 'tree'),
  get(`${S}/dwSysDictType/cusTree`, 'tree'),
  platform(post(`${S}/dwSysDictType/save`, 'refused', {})),
  platform(post(`${S}/dwSysDictType/submit`, 'refused', {})),
  platform(remove(`${S}/dwSysDictType/remove`)),
  get(`${S}/bmSysDictDetail/getBatchDict`, 'detail', { codes: 'sex,yes_no' }, ['sex', 'yes_no']),
  get(`${S}/dwSysDictClient/getDetailByCode`, 'list', { code: 'sex' }),
  get(`${S}/dwSysDictClient/getBatchDict`, 'detail', { codes: 'sex' }, ['sex']),
  // Areas and regions
  post(`${S}/area/cusLazyList`, 'list', { parentId: 0 }),
  detail(`${S}/area/detail`, `${S}/area/tree`),
  get(`${S}/area/tree`, 'tree'),
  get(`${S}/area/treeSpecLv`, 'tree', { regionLevel: 2 }),
  get(`${S}/area/areaRoleTreeSpeck`, 'tree', { regionLevel: 2 }),
  platform(remove(`${S}/area/remove`)),
  platform(post(`${S}/area/submit`, 'refused', {})),
  post(`${S}/areaSort/cusLazyList`, 'list', { parentId: 0 }),
  post(`${S}/areaSort/cusSave`, 'refused', {}),
  // A tree resource's list answers its tree (as dept, menu and dict list do).
  get(`${S}/region/list`, 'tree', undefined, F.region),
  get(`${S}/region/lazy-tree`, 'tree', { parentCode: '00' }),
  detail(`${S}/region/detail`, `${S}/region/list`, F.region, 'code'),
  // Spec: a region is removed by `id` (its code); one that does not exist changes nothing.
  platform(post(`${S}/region/remove`, 'refused', undefined, { id: '999999999' })),
  platform(post(`${S}/region/submit`, 'refused', { code: '' })),
  // Holidays
  page(`${S}/dwHolidaySchedule/list`, { size: -1 }, F.holiday),
  detail(`${S}/dwHolidaySchedule/detail`, `${S}/dwHolidaySchedule/list`, F.holiday),
  platform(remove(`${S}/dwHolidaySchedule/remove`)),
  platform(post(`${S}/dwHolidaySchedule/submit`, 'refused', {})),
  platform(post(`${S}/dwHolidaySchedule/cusSave`, 'refused', {})),
  get(`${S}/dwHolidaySchedule/getMaxNextYear`, 'ok'),
  // Parameters and OAuth clients (platform configuration)
  platform(post(`${S}/param/submit`, 'ok', { paramName: '契约参数', paramKey: 'contract.walk', paramValue: '1', remark: '契约' })),
  platform(page(`${S}/param/list`, { size: -1 }, F.param)),
  platform(remove(`${S}/param/remove`)),
  platform(detail(`${S}/param/detail`, `${S}/param/list`, F.param)),
  platform(
    post(`${S}/client/submit`, 'ok', {
      clientId: 'walk',
      clientSecret: 'walk-secret-0001',
      authorizedGrantTypes: 'refresh_token,password',
      scope: 'all',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    }),
  ),
  platform(page(`${S}/client/page`, {}, F.client)),
  platform(page(`${S}/client/list`, { size: -1 })),
  platform(detail(`${S}/client/detail`, `${S}/client/list`, F.client)),
  platform(remove(`${S}/client/remove`)),
  // Data sources
  platform(
    post('/api/blade-develop/datasource/submit', 'ok', {
      name: '契约数据源',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/walk',
      username: 'walk',
      password: 'walk-secret',
      remark: '契约',
    }),
  ),
  page('/api/blade-develop/datasource/page', {}, F.datasource),
  page('/api/blade-develop/datasource/list', { size: -1 }),
  detail('/api/blade-develop/datasource/detail', '/api/blade-develop/datasource/list', F.datasource),
  platform(remove('/api/blade-develop/datasource/remove')),
  // Notices, message settings, SMS, OSS
  get('/api/blade-desk/notice/list', 'page', { current: 1, size: 10 }, F.notice),
  page('/api/blade-desk/notice/page', { releaseTimeRange: '2020-01-01 00:00:00,2099-12-31 23:59:59' }),
  remove('/api/blade-desk/notice/remove'),
  post('/api/blade-desk/notice/submit', 'ok', {
    title: '契约通知',
    category: 1,
    releaseTime: '2026-01-01 00:00:00',
    content: '<p>契约</p>',
  }),
  detail('/api/blade-desk/notice/detail', '/api/blade-desk/notice/list', F.notice),
  post('/api/dw-matter/matWfMessageSetting/cusPage', 'page', { param: {}, current: 1, size: 10 }),
  post('/api/blade-resource/sms/submit', 'ok', {
    category: 0,
    smsCode: 'walk-sms',
    templateId: 'walk-template',
    signName: '契约',
    remark: '契约',
  }),
  page('/api/blade-resource/sms/list', { size: -1 }),
  detail('/api/blade-resource/sms/detail', '/api/blade-resource/sms/list'),
  remove('/api/blade-resource/sms/remove'),
  post('/api/blade-resource/sms/enable', 'refused', undefined, { id: NONE }),
  post('/api/blade-resource/sms/endpoint/send-message', 'refused', undefined, { code: 'no-such-sms', phones: '13800000000', params: '{}' }),
  post('/api/blade-resource/oss/submit', 'ok', { category: 0, ossCode: 'walk-oss', bucketName: 'walk', remark: '契约' }),
  page('/api/blade-resource/oss/list', { size: -1 }),
  detail('/api/blade-resource/oss/detail', '/api/blade-resource/oss/list'),
  remove('/api/blade-resource/oss/remove'),
  post('/api/blade-resource/oss/enable', 'refused', undefined, { id: NONE }),
  // Logs, reports, operation times
  platform(page('/api/blade-log/usual/list', {}, F.usualLog)),
  platform(detail('/api/blade-log/usual/detail', '/api/blade-log/usual/list', F.usualLog)),
  page('/api/blade-log/api/list'),
  detail('/api/blade-log/api/detail', '/api/blade-log/api/list'),
  page('/api/blade-log/error/list'),
  detail('/api/blade-log/error/detail', '/api/blade-log/error/list', ['serviceId', 'serverHost', 'method', 'requestUri', 'stackTrace']),
  {
    ...post('/api/blade-report/report/rest/submit', 'ok', { templateName: '契约报表', code: 'walk', printSqlId: '$id', note: '契约' }),
    from: '/api/dw-matter/matPrintSql/list',
  },
  page('/api/blade-report/report/rest/list', {}, F.report),
  remove('/api/blade-report/report/rest/remove'),
  post(`${S}/bmSysOperationTime/submit`, 'refused', {}),
  post(`${S}/bmSysOperationTime/submit`, 'ok', { name: '契约超时', operationTime: 30 }),
  page(`${S}/bmSysOperationTime/list`, { size: -1 }),
  detail(`${S}/bmSysOperationTime/detail`, `${S}/bmSysOperationTime/list`),
  remove(`${S}/bmSysOperationTime/remove`),
  get(`${S}/bmSysOperationTime/checkRefresh`, 'ok'),
  // Code generation (the platform administrator's tool; the product's own database when no data source is named)
  platform(get('/api/blade-develop/model/table-list', 'list')),
  platform(get('/api/blade-develop/model/table-info', 'ok', { tableName: 'blade_post' })),
  platform(
    post('/api/blade-develop/model/submit', 'ok', {
      modelTable: 'blade_post',
      modelName: '岗位模型',
      modelClass: 'Post',
      modelCode: 'post',
    }),
  ),
  {
    ...platform(get('/api/blade-develop/model/model-prototype', 'list')),
    from: '/api/blade-develop/model/list',
    query: { modelId: '$id' },
  },
  platform(post('/api/blade-develop/model-prototype/submit-list', 'refused', [{ modelId: NONE }])),
  {
    ...platform(get('/api/blade-develop/model-prototype/select', 'list')),
    from: '/api/blade-develop/model/list',
    query: { modelId: '$id' },
  },
  platform(post('/api/blade-develop/code/gen-code', 'refused', undefined, { ids: NONE })),
  platform(post('/api/blade-develop/code/copy', 'refused', undefined, { id: NONE })),
  // Exports
  post('/api/dw-widgets/dwExportTemplate/cusPage', 'page', { param: {}, current: 1, size: 10 }),
  post('/api/dw-widgets/dwExportTemplate/save', 'refused', {}),
  post('/api/dw-widgets/dwExportTemplate/submit', 'refused', {}),
  post('/api/dw-widgets/dwExportTemplate/update', 'refused', {}),
  get('/api/dw-widgets/dwExportTemplate/cusDetail', 'refused', { id: NONE }),
  remove('/api/dw-widgets/dwExportTemplate/remove'),
  post('/api/dw-widgets/dwExportTemplate/doExport', 'refused', undefined, { id: NONE }),
  post('/api/dw-widgets/dwExportFile/myPage', 'page', { param: {}, current: 1, size: 10 }),
  remove('/api/dw-widgets/dwExportFile/remove'),
  get('/api/dw-widgets/dwExportFile/doDownLoad', 'refused', { id: NONE }),
  // Third-party applications
  post('/api/dw-third-app/dwThirdApp/submit', 'ok', {
    appName: '契约应用',
    loginUrl: 'https://app.example.gov.cn/login',
    loginOutApi: 'https://app.example.gov.cn/logout',
    note: '契约',
  }),
  page('/api/dw-third-app/dwThirdApp/page', {}, F.thirdApp),
  detail('/api/dw-third-app/dwThirdApp/detail', '/api/dw-third-app/dwThirdApp/page?current=1&size=1', F.thirdApp),
  get('/api/dw-third-app/dwThirdApp/cusRomve', 'refused', { ids: NONE }),
  post('/api/dw-third-app/dwThirdAppPermission/batchBind', 'refused', {}),
  {
    ...get('/api/dw-third-app/dwThirdAppPermission/getListByApp', 'list'),
    from: '/api/dw-third-app/dwThirdApp/page?current=1&size=1',
    query: { appId: '$id' },
  },
  // Custom queries
  page('/api/dw-query/bmsQueryList/list', { size: -1 }, F.query),
  detail('/api/dw-query/bmsQueryList/detail', '/api/dw-query/bmsQueryList/list', F.query),
  get('/api/dw-query/bmsQueryList/removeSinglePhy', 'refused', { id: NONE }),
  post('/api/dw-query/bmsQueryList/submit', 'refused', {}),
  page('/api/dw-query/bmsQueryType/page'),
  page('/api/dw-query/bmsQueryType/list', { size: -1 }),
  detail('/api/dw-query/bmsQueryType/detail', '/api/dw-query/bmsQueryType/list'),
  post('/api/dw-query/bmsQueryType/submit', 'refused', {}),
  remove('/api/dw-query/bmsQueryType/remove'),
  page('/api/dw-query/bmsQueryCondition/list', { size: -1 }),
  post('/api/dw-query/bmsQueryCondition/submit', 'refused', {}),
  get('/api/dw-query/bmsQueryCondition/removeSinglePhy', 'refused', { id: NONE }),
  post('/api/dw-query/bmsQueryTabDetail/cusSave', 'refused', {}),
  // Tab page configuration
  platform(
    post('/api/dw-system/dwPageConf/submit', 'ok', {
      flag: 'walk',
      pageTabname: '契约页签',
      pageTaburl: '/walk/tab',
      isSys: 0,
      isSave: 1,
      isVerification: 0,
      orderNum: 1,
    }),
  ),
  {
    ...get('/api/dw-system/dwPageConf/getCommon', 'list', undefined, F.tab),
    from: '/api/dw-system/dwPageConf/list',
    key: 'flag',
    query: { flag: '$id' },
  },
];

/** The version this server runs: the one deployed by the migrations of this database. */
const RUNNING: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

/** The upgrade module (spec 000 §7 upgrade check, spec 001 logs' db versions): the platform administrator's screens. */
export const UPGRADE_CALLS: ContractCall[] = (
  [
    get('/api/blade-upgrade/upgrade/check', 'ok'),
    { method: 'GET', path: '/api/blade-upgrade/upgrade/version/:v', url: '/api/blade-upgrade/upgrade/version/1.0.0', shape: 'ok' },
    { method: 'GET', path: '/api/blade-upgrade/upgrade/:v', url: `/api/blade-upgrade/upgrade/${RUNNING}`, shape: 'ok' },
    { method: 'GET', path: '/api/blade-upgrade/upgrade/progress/:v', url: '/api/blade-upgrade/upgrade/progress/1.0.0', shape: 'ok' },
    { method: 'GET', path: '/api/blade-upgrade/upgrade/done/:v', url: `/api/blade-upgrade/upgrade/done/${RUNNING}`, shape: 'ok' },
    // A version never deployed has no record and is not done.
    { method: 'GET', path: '/api/blade-upgrade/upgrade/:v', url: '/api/blade-upgrade/upgrade/99.0.0', shape: 'refused' },
    // The spec's spelling ends in a slash; the router takes either.
    { method: 'GET', path: '/api/blade-upgrade/upgrade/enabledclearbtn', url: '/api/blade-upgrade/upgrade/enabledclearbtn/', shape: 'ok' },
    { method: 'GET', path: '/api/blade-upgrade/upgrade/test', url: '/api/blade-upgrade/upgrade/test/', shape: 'ok' },
    // The database's applied migrations (the version log, spec 001 §3's projectCode/version/oldVersion/deployTime, is version-log/page).
    page('/api/blade-upgrade/dbversions/list', {}, ['version', 'name', 'appliedTime']),
    page('/api/blade-upgrade/version-log/page', {}, ['projectCode', 'version', 'oldVersion', 'deployTime']),
    page('/api/blade-upgrade/upgradeapp/page'),
    // The engine's list of a flat resource is a page, as BladeX's.
    page('/api/blade-upgrade/upgradeapp/list'),
    get('/api/blade-upgrade/upgradeapp/detail', 'refused', { id: NONE }),
    post('/api/blade-upgrade/upgradeapp/submit', 'refused', {}),
    remove('/api/blade-upgrade/upgradeapp/remove'),
  ] as ContractCall[]
).map(platform);

let t: TestApp;
let admin: TestUser;
let platformAdmin: TestUser;
let doc: ApiDoc;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.as('admin', '100001');
  platformAdmin = await t.as('admin', '000000');
  doc = (await t.call(null, { method: 'GET', url: '/api/docs/json' })).body;
  await t.db.query(
    `insert into blade_log_error (id, tenant_id, service_id, server_host, server_ip, env, method, request_uri, user_agent, exception_name, message, stack_trace, params)
     values (9140000000000000002, '100001', 'civdesk', 'walk-host', '127.0.0.1', 'test', 'GET', '/api/walk', 'walk', 'Error', '契约', 'at walk', '')`,
  );
  // A usual log row (the server writes them on notable events; a fresh database has none yet).
  await t.db.query(
    `insert into blade_log_usual (id, service_id, server_host, server_ip, env, log_level, log_id, request_uri, user_agent, log_data, params)
     values (9140000000000000001, 'civdesk', 'walk-host', '127.0.0.1', 'test', 'info', 'contract-walk', '/api/walk', 'walk', '契约', '')`,
  );
});
afterAll(() => t?.close());

const walk = async (c: ContractCall) => {
  const problems = await walkCall(t, c.as === 'platform' ? platformAdmin : admin, c, doc);
  expect(problems, problems.join('\n')).toEqual([]);
};

describe('spec 000 shell calls', () => {
  it.each(SHELL_CALLS.map((c) => [callName(c), c] as const))('%s', (_, c) => walk(c));

  it('POST oauth/token refreshes a session (refresh_token with tenant, dept and role)', async () => {
    const fresh = await t.as('admin', '100001');
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: await t.basic(), 'tenant-id': '100001', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: fresh.refreshToken, scope: 'all' }).toString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), tenant_id: '100001' });
  });

  it('GET oauth/logout ends the session it is called with', async () => {
    const fresh = await t.as('admin', '100001');
    const out = await t.call(fresh, { method: 'GET', url: '/api/blade-auth/oauth/logout' });
    // BladeX answers the logout without the envelope: {success: 'true', msg: 'success'}
    expect([out.status, out.body]).toEqual([200, { success: 'true', msg: 'success' }]);
    expect((await t.call(fresh, { method: 'GET', url: `${U}/info` })).status).toBe(401);
  });
});

describe('spec 001 system calls', () => {
  it.each(SYSTEM_CALLS.map((c) => [callName(c), c] as const))('%s', (_, c) => walk(c));
});

describe('upgrade module calls', () => {
  // The server records its deployment when it boots (boot.ts); the test app is built without booting.
  beforeAll(() => recordDeployment(t.db));
  it.each(UPGRADE_CALLS.map((c) => [callName(c), c] as const))('%s', (_, c) => walk(c));
});
