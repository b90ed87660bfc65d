import type { ResourceHooks } from '../crud/hooks.ts';
import { datasourceHooks } from './datasource/datasource.hooks.ts';
import { deptHooks } from './dept/dept.hooks.ts';
import { dictHooks } from './dict/dict.hooks.ts';
import { dictDetailHooks, dictTypeHooks } from './dict-type/dict-type.hooks.ts';
import { domainSysMenuHooks } from './domain-sys/domain-sys.hooks.ts';
import { holidayScheduleHooks } from './holiday-schedule/holiday-schedule.hooks.ts';
import { frontLogHooks } from './log/log.hooks.ts';
import { menuHooks } from './menu/menu.hooks.ts';
import { ossHooks } from './oss/oss.hooks.ts';
import { pageConfHooks } from './page-conf/page-conf.hooks.ts';
import { regionHooks } from './region/region.hooks.ts';
import { roleHooks } from './role/role.hooks.ts';
import { apiScopeHooks, dataScopeHooks } from './scope/scope.hooks.ts';
import { smsHooks } from './sms/sms.hooks.ts';
import { tenantHooks } from './tenant/tenant.hooks.ts';
import { thirdAppHooks } from './third-app/third-app.hooks.ts';
import { userHooks } from './user/user.hooks.ts';

/** Resource name → its own logic beside the engine. Only resources that need some are listed. */
export const resourceHooks: Record<string, ResourceHooks> = {
  dict: dictHooks,
  'dict-biz': dictHooks,
  region: regionHooks,
  menu: menuHooks,
  role: roleHooks,
  'data-scope': dataScopeHooks,
  'api-scope': apiScopeHooks,
  'front-log': frontLogHooks,
  'holiday-schedule': holidayScheduleHooks,
  'dict-type': dictTypeHooks,
  'dict-detail': dictDetailHooks,
  datasource: datasourceHooks,
  tenant: tenantHooks,
  sms: smsHooks,
  oss: ossHooks,
  'third-app': thirdAppHooks,
  'page-conf': pageConfHooks,
  user: userHooks,
  dept: deptHooks,
  'domain-sys-menu': domainSysMenuHooks,
};
