import type { Resource } from '@civdesk/meta';
import { notice } from './desk/notice.resource.ts';
import { logApi } from './log/log-api.resource.ts';
import { logError, logUsual } from './log/log-usual.resource.ts';
import { messageSetting } from './matter/message-setting.resource.ts';
import { oss } from './resource/oss.resource.ts';
import { sms, smsRecord } from './resource/sms.resource.ts';
import { client } from './system/client.resource.ts';
import { comUser, domainSys, domainSysMenu, operationTime } from './system/com-user.resource.ts';
import { datasource } from './system/datasource.resource.ts';
import { dept } from './system/dept.resource.ts';
import { dict, dictBiz } from './system/dict.resource.ts';
import { dictDetail, dictType } from './system/dict-type.resource.ts';
import { holidaySchedule } from './system/holiday-schedule.resource.ts';
import { authLog, frontLog } from './system/log.resource.ts';
import { menu } from './system/menu.resource.ts';
import { bizPage, pageConf } from './system/page-conf.resource.ts';
import { param } from './system/param.resource.ts';
import { post } from './system/post.resource.ts';
import { pwStrategy } from './system/pw-strategy.resource.ts';
import { areaSort, region } from './system/region.resource.ts';
import { role } from './system/role.resource.ts';
import { apiScope, dataScope } from './system/scope.resource.ts';
import { tenant } from './system/tenant.resource.ts';
import { tenantPackage } from './system/tenant-package.resource.ts';
import { topMenu } from './system/top-menu.resource.ts';
import { user, userOperLog } from './system/user.resource.ts';
import { thirdApp, thirdAppPermission } from './third-app/third-app.resource.ts';
import { versionLog } from './upgrade/version-log.resource.ts';

/** Every resource, registered explicitly. Adding one = one definition file + one line here. */
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
];

export const resourceByName = new Map(registry.map((r) => [r.name, r]));
