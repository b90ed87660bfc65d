import type { ResourceHooks } from '../crud/hooks.ts';
import { areaSortHooks } from './area-sort/area-sort.hooks.ts';
import { bmsQueryConditionHooks } from './bms-query-condition/bms-query-condition.hooks.ts';
import { bmsQueryListHooks } from './bms-query-list/bms-query-list.hooks.ts';
import { bmsQueryTabDetailHooks } from './bms-query-tab-detail/bms-query-tab-detail.hooks.ts';
import { certBindingHooks } from './cert-binding/cert-binding.hooks.ts';
import { certCaHooks } from './cert-ca/cert-ca.hooks.ts';
import { clientHooks } from './client/client.hooks.ts';
import { codeHooks } from './code/code.hooks.ts';
import { comFormulHooks } from './com-formul/com-formul.hooks.ts';
import { comSurveyHooks } from './com-survey/com-survey.hooks.ts';
import { conLevelCalcHooks } from './con-level-calc/con-level-calc.hooks.ts';
import { datasourceHooks } from './datasource/datasource.hooks.ts';
import { demoApplyHooks } from './demo-apply/demo-apply.hooks.ts';
import { demoMaterialsHooks } from './demo-materials/demo-materials.hooks.ts';
import { demoOpinionHooks } from './demo-opinion/demo-opinion.hooks.ts';
import { deptHooks } from './dept/dept.hooks.ts';
import { dictHooks } from './dict/dict.hooks.ts';
import { dictDetailHooks, dictTypeHooks } from './dict-type/dict-type.hooks.ts';
import { domainSysMenuHooks } from './domain-sys/domain-sys.hooks.ts';
import { exportFileHooks } from './export-file/export-file.hooks.ts';
import { exportTemplateHooks } from './export-template/export-template.hooks.ts';
import { formDefConfHooks } from './form-def-conf/form-def-conf.hooks.ts';
import { holidayScheduleHooks } from './holiday-schedule/holiday-schedule.hooks.ts';
import { frontLogHooks } from './log/log.hooks.ts';
import { matIntAddressHooks } from './mat-int-address/mat-int-address.hooks.ts';
import { matIntCatalogueTypeHooks } from './mat-int-catalogue-type/mat-int-catalogue-type.hooks.ts';
import { matIntElementHooks } from './mat-int-element/mat-int-element.hooks.ts';
import { matIntFormHooks } from './mat-int-form/mat-int-form.hooks.ts';
import { matIntFormDetailHooks } from './mat-int-form-detail/mat-int-form-detail.hooks.ts';
import { matIntFormTypeHooks } from './mat-int-form-type/mat-int-form-type.hooks.ts';
import { matIntMaterialsHooks } from './mat-int-materials/mat-int-materials.hooks.ts';
import { matIntMaterialsTemplateHooks } from './mat-int-materials-template/mat-int-materials-template.hooks.ts';
import { matIntScopeHooks } from './mat-int-scope/mat-int-scope.hooks.ts';
import { matIntServiceInfoHooks } from './mat-int-service-info/mat-int-service-info.hooks.ts';
import { matIntWorkdayHooks } from './mat-int-workday/mat-int-workday.hooks.ts';
import { matIntWriterHooks } from './mat-int-writer/mat-int-writer.hooks.ts';
import { matPrintSqlHooks } from './mat-print-sql/mat-print-sql.hooks.ts';
import { matPrintTemplateHooks } from './mat-print-template/mat-print-template.hooks.ts';
import { matWfCustomHandlerHooks } from './mat-wf-custom-handler/mat-wf-custom-handler.hooks.ts';
import { matWfElementHooks } from './mat-wf-element/mat-wf-element.hooks.ts';
import { matWfElementButtonHooks } from './mat-wf-element-button/mat-wf-element-button.hooks.ts';
import { matWfElementElectronicSignHooks } from './mat-wf-element-electronic-sign/mat-wf-element-electronic-sign.hooks.ts';
import { matWfElementGatewayConditionHooks } from './mat-wf-element-gateway-condition/mat-wf-element-gateway-condition.hooks.ts';
import { matWfElementMaterialsHooks } from './mat-wf-element-materials/mat-wf-element-materials.hooks.ts';
import { matWfElementMethodHooks } from './mat-wf-element-method/mat-wf-element-method.hooks.ts';
import { matWfElementPermissionHooks } from './mat-wf-element-permission/mat-wf-element-permission.hooks.ts';
import { matWfElementTransactorHooks } from './mat-wf-element-transactor/mat-wf-element-transactor.hooks.ts';
import { matWfLocalButOptsHooks } from './mat-wf-local-but-opts/mat-wf-local-but-opts.hooks.ts';
import { matWfLocalButtonHooks } from './mat-wf-local-button/mat-wf-local-button.hooks.ts';
import { matWfVersionHooks } from './mat-wf-version/mat-wf-version.hooks.ts';
import { menuHooks } from './menu/menu.hooks.ts';
import { modelHooks } from './model/model.hooks.ts';
import { modelPrototypeHooks } from './model-prototype/model-prototype.hooks.ts';
import { operationTimeHooks } from './operation-time/operation-time.hooks.ts';
import { ossHooks } from './oss/oss.hooks.ts';
import { pageConfHooks } from './page-conf/page-conf.hooks.ts';
import { postHooks } from './post/post.hooks.ts';
import { pwStrategyHooks } from './pw-strategy/pw-strategy.hooks.ts';
import { regionHooks } from './region/region.hooks.ts';
import { reportTemplateHooks } from './report-template/report-template.hooks.ts';
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
  'cert-ca': certCaHooks,
  'cert-binding': certBindingHooks,
  'pw-strategy': pwStrategyHooks,
  'operation-time': operationTimeHooks,
  dept: deptHooks,
  'domain-sys-menu': domainSysMenuHooks,
  'mat-int-catalogue-type': matIntCatalogueTypeHooks,
  'mat-int-element': matIntElementHooks,
  'mat-int-address': matIntAddressHooks,
  'mat-int-workday': matIntWorkdayHooks,
  'com-formul': comFormulHooks,
  'com-survey': comSurveyHooks,
  'con-level-calc': conLevelCalcHooks,
  'mat-int-service-info': matIntServiceInfoHooks,
  'mat-int-materials': matIntMaterialsHooks,
  'mat-int-materials-template': matIntMaterialsTemplateHooks,
  'mat-int-writer': matIntWriterHooks,
  'mat-wf-element-materials': matWfElementMaterialsHooks,
  'mat-print-template': matPrintTemplateHooks,
  'mat-print-sql': matPrintSqlHooks,
  'mat-int-form-type': matIntFormTypeHooks,
  'mat-int-form': matIntFormHooks,
  'mat-int-form-detail': matIntFormDetailHooks,
  'form-def-conf': formDefConfHooks,
  'mat-int-scope': matIntScopeHooks,
  'mat-wf-version': matWfVersionHooks,
  'mat-wf-element': matWfElementHooks,
  'mat-wf-element-transactor': matWfElementTransactorHooks,
  'mat-wf-element-gateway-condition': matWfElementGatewayConditionHooks,
  'mat-wf-local-button': matWfLocalButtonHooks,
  'mat-wf-local-but-opts': matWfLocalButOptsHooks,
  'mat-wf-element-button': matWfElementButtonHooks,
  'mat-wf-element-method': matWfElementMethodHooks,
  'mat-wf-element-electronic-sign': matWfElementElectronicSignHooks,
  'mat-wf-custom-handler': matWfCustomHandlerHooks,
  'mat-wf-element-permission': matWfElementPermissionHooks,
  'demo-materials': demoMaterialsHooks,
  'demo-apply': demoApplyHooks,
  'demo-opinion': demoOpinionHooks,
  'bms-query-list': bmsQueryListHooks,
  'bms-query-condition': bmsQueryConditionHooks,
  'bms-query-tab-detail': bmsQueryTabDetailHooks,
  'report-template': reportTemplateHooks,
  'export-template': exportTemplateHooks,
  'export-file': exportFileHooks,
  model: modelHooks,
  'model-prototype': modelPrototypeHooks,
  code: codeHooks,
};
