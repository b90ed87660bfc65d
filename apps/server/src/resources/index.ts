import type { ResourceHooks } from '../crud/hooks.ts';
import { areaSortHooks } from './area-sort/area-sort.hooks.ts';
import { clientHooks } from './client/client.hooks.ts';
import { datasourceHooks } from './datasource/datasource.hooks.ts';
import { deptHooks } from './dept/dept.hooks.ts';
import { dictHooks } from './dict/dict.hooks.ts';
import { dictDetailHooks, dictTypeHooks } from './dict-type/dict-type.hooks.ts';
import { domainSysMenuHooks } from './domain-sys/domain-sys.hooks.ts';
import { holidayScheduleHooks } from './holiday-schedule/holiday-schedule.hooks.ts';
import { frontLogHooks } from './log/log.hooks.ts';
import { matWfCustomHandlerHooks } from './mat-wf-custom-handler/mat-wf-custom-handler.hooks.ts';
import { matWfElementButtonHooks } from './mat-wf-element-button/mat-wf-element-button.hooks.ts';
import { matWfElementElectronicSignHooks } from './mat-wf-element-electronic-sign/mat-wf-element-electronic-sign.hooks.ts';
import { matWfElementMethodHooks } from './mat-wf-element-method/mat-wf-element-method.hooks.ts';
import { matWfElementPermissionHooks } from './mat-wf-element-permission/mat-wf-element-permission.hooks.ts';
import { matWfLocalButOptsHooks } from './mat-wf-local-but-opts/mat-wf-local-but-opts.hooks.ts';
import { matWfLocalButtonHooks } from './mat-wf-local-button/mat-wf-local-button.hooks.ts';
import { menuHooks } from './menu/menu.hooks.ts';
import { operationTimeHooks } from './operation-time/operation-time.hooks.ts';
import { ossHooks } from './oss/oss.hooks.ts';
import { pageConfHooks } from './page-conf/page-conf.hooks.ts';
import { postHooks } from './post/post.hooks.ts';
import { pwStrategyHooks } from './pw-strategy/pw-strategy.hooks.ts';
import { regionHooks } from './region/region.hooks.ts';
import { roleHooks } from './role/role.hooks.ts';
import { apiScopeHooks, dataScopeHooks } from './scope/scope.hooks.ts';
import { smsHooks } from './sms/sms.hooks.ts';
import { tenantHooks } from './tenant/tenant.hooks.ts';
import { thirdAppHooks } from './third-app/third-app.hooks.ts';
import { thirdAppPermissionHooks } from './third-app-permission/third-app-permission.hooks.ts';
import { topMenuHooks } from './top-menu/top-menu.hooks.ts';
import { userHooks } from './user/user.hooks.ts';
import { userOperLogHooks } from './user-oper-log/user-oper-log.hooks.ts';

/**
 * Resource name → its own logic beside the engine. Only resources that need some are listed. A
 * resource's extra routes are registered only from here (in that resource's route context).
 */
export const resourceHooks: Record<string, ResourceHooks> = {
  dict: dictHooks,
  'dict-biz': dictHooks,
  region: regionHooks,
  'area-sort': areaSortHooks,
  client: clientHooks,
  menu: menuHooks,
  'top-menu': topMenuHooks,
  role: roleHooks,
  post: postHooks,
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
  'third-app-permission': thirdAppPermissionHooks,
  'page-conf': pageConfHooks,
  user: userHooks,
  'user-oper-log': userOperLogHooks,
  'pw-strategy': pwStrategyHooks,
  'operation-time': operationTimeHooks,
  dept: deptHooks,
  'domain-sys-menu': domainSysMenuHooks,
  'mat-wf-local-button': matWfLocalButtonHooks,
  'mat-wf-local-but-opts': matWfLocalButOptsHooks,
  'mat-wf-element-button': matWfElementButtonHooks,
  'mat-wf-element-method': matWfElementMethodHooks,
  'mat-wf-element-electronic-sign': matWfElementElectronicSignHooks,
  'mat-wf-custom-handler': matWfCustomHandlerHooks,
  'mat-wf-element-permission': matWfElementPermissionHooks,
};
