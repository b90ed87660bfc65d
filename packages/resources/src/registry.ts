import type { Resource } from '@civdesk/meta';
import { socialProvider } from './auth/social-provider.resource.ts';
import { userOauth } from './auth/user-oauth.resource.ts';
import { notice } from './desk/notice.resource.ts';
import { oss } from './integration/oss.resource.ts';
import { sms } from './integration/sms.resource.ts';
import { smsRecord } from './integration/sms-record.resource.ts';
import { authLog } from './log/auth-log.resource.ts';
import { frontLog } from './log/front-log.resource.ts';
import { logApi } from './log/log-api.resource.ts';
import { logError } from './log/log-error.resource.ts';
import { logUsual } from './log/log-usual.resource.ts';
import { messageSetting } from './matter/message-setting.resource.ts';
import { apiScope } from './system/api-scope.resource.ts';
import { areaSort } from './system/area-sort.resource.ts';
import { bizPage } from './system/biz-page.resource.ts';
import { client } from './system/client.resource.ts';
import { comUser } from './system/com-user.resource.ts';
import { dataScope } from './system/data-scope.resource.ts';
import { datasource } from './system/datasource.resource.ts';
import { dept } from './system/dept.resource.ts';
import { dict } from './system/dict.resource.ts';
import { dictBiz } from './system/dict-biz.resource.ts';
import { dictDetail } from './system/dict-detail.resource.ts';
import { dictType } from './system/dict-type.resource.ts';
import { domainSys } from './system/domain-sys.resource.ts';
import { domainSysMenu } from './system/domain-sys-menu.resource.ts';
import { holidaySchedule } from './system/holiday-schedule.resource.ts';
import { menu } from './system/menu.resource.ts';
import { operationTime } from './system/operation-time.resource.ts';
import { pageConf } from './system/page-conf.resource.ts';
import { param } from './system/param.resource.ts';
import { post } from './system/post.resource.ts';
import { pwStrategy } from './system/pw-strategy.resource.ts';
import { region } from './system/region.resource.ts';
import { role } from './system/role.resource.ts';
import { tenant } from './system/tenant.resource.ts';
import { tenantPackage } from './system/tenant-package.resource.ts';
import { topMenu } from './system/top-menu.resource.ts';
import { user } from './system/user.resource.ts';
import { userOperLog } from './system/user-oper-log.resource.ts';
import { thirdApp } from './third-app/third-app.resource.ts';
import { thirdAppPermission } from './third-app/third-app-permission.resource.ts';
import { versionLog } from './upgrade/version-log.resource.ts';

/**
 * Every resource, registered explicitly. Adding one = one definition file + one line here. The
 * order is the order of the screens within a menu group (unless a definition sets `menu.order`).
 */
export const registry: Resource[] = [
  post,
  param,
  dict,
  dictBiz,
  region,
  areaSort,
  tenant,
  client,
  role,
  dept,
  user,
  menu,
  topMenu,
  dataScope,
  apiScope,
  authLog,
  frontLog,
  logApi,
  logUsual,
  logError,
  holidaySchedule,
  dictType,
  dictDetail,
  tenantPackage,
  datasource,
  notice,
  messageSetting,
  sms,
  smsRecord,
  oss,
  thirdApp,
  thirdAppPermission,
  pageConf,
  bizPage,
  versionLog,
  pwStrategy,
  userOperLog,
  comUser,
  operationTime,
  domainSys,
  domainSysMenu,
  socialProvider,
  userOauth,
];

export const resourceByName = new Map(registry.map((r) => [r.name, r]));

/** The resource whose screen a path opens (its menu placement's path). */
export const resourceByPath = new Map(registry.flatMap((r) => (r.menu ? [[r.menu.path, r] as const] : [])));
