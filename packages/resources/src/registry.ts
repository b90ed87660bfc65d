import type { Resource } from '@civdesk/meta';
import { demoApply } from './approve/demo-apply.resource.ts';
import { demoApplyMember } from './approve/demo-apply-member.resource.ts';
import { demoMaterials } from './approve/demo-materials.resource.ts';
import { demoOpinion } from './approve/demo-opinion.resource.ts';
import { certBinding } from './auth/cert-binding.resource.ts';
import { certCa } from './auth/cert-ca.resource.ts';
import { socialProvider } from './auth/social-provider.resource.ts';
import { userOauth } from './auth/user-oauth.resource.ts';
import { notice } from './desk/notice.resource.ts';
import { code } from './develop/code.resource.ts';
import { model } from './develop/model.resource.ts';
import { modelPrototype } from './develop/model-prototype.resource.ts';
import { oss } from './integration/oss.resource.ts';
import { sms } from './integration/sms.resource.ts';
import { smsRecord } from './integration/sms-record.resource.ts';
import { authLog } from './log/auth-log.resource.ts';
import { frontLog } from './log/front-log.resource.ts';
import { logApi } from './log/log-api.resource.ts';
import { logError } from './log/log-error.resource.ts';
import { logUsual } from './log/log-usual.resource.ts';
import { comFormul } from './matter/com-formul.resource.ts';
import { comSurvey } from './matter/com-survey.resource.ts';
import { conLevelCalc } from './matter/con-level-calc.resource.ts';
import { formDefConf } from './matter/form-def-conf.resource.ts';
import { matIntAddress } from './matter/mat-int-address.resource.ts';
import { matIntCatalogueType } from './matter/mat-int-catalogue-type.resource.ts';
import { matIntCondition } from './matter/mat-int-condition.resource.ts';
import { matIntElement } from './matter/mat-int-element.resource.ts';
import { matIntFlowChart } from './matter/mat-int-flow-chart.resource.ts';
import { matIntForm } from './matter/mat-int-form.resource.ts';
import { matIntFormDetail } from './matter/mat-int-form-detail.resource.ts';
import { matIntFormType } from './matter/mat-int-form-type.resource.ts';
import { matIntFormVersion } from './matter/mat-int-form-version.resource.ts';
import { matIntLaws } from './matter/mat-int-laws.resource.ts';
import { matIntMaterials } from './matter/mat-int-materials.resource.ts';
import { matIntMaterialsTemplate } from './matter/mat-int-materials-template.resource.ts';
import { matIntProcedures } from './matter/mat-int-procedures.resource.ts';
import { matIntRegionMapping } from './matter/mat-int-region-mapping.resource.ts';
import { matIntScope } from './matter/mat-int-scope.resource.ts';
import { matIntServiceInfo } from './matter/mat-int-service-info.resource.ts';
import { matIntWorkday } from './matter/mat-int-workday.resource.ts';
import { matIntWriter } from './matter/mat-int-writer.resource.ts';
import { matPrintSql } from './matter/mat-print-sql.resource.ts';
import { matPrintTemplate } from './matter/mat-print-template.resource.ts';
import { matWfCustomHandler } from './matter/mat-wf-custom-handler.resource.ts';
import { matWfElement } from './matter/mat-wf-element.resource.ts';
import { matWfElementButton } from './matter/mat-wf-element-button.resource.ts';
import { matWfElementElectronicSign } from './matter/mat-wf-element-electronic-sign.resource.ts';
import { matWfElementGatewayCondition } from './matter/mat-wf-element-gateway-condition.resource.ts';
import { matWfElementMaterials } from './matter/mat-wf-element-materials.resource.ts';
import { matWfElementMethod } from './matter/mat-wf-element-method.resource.ts';
import { matWfElementPermission } from './matter/mat-wf-element-permission.resource.ts';
import { matWfElementTransactor } from './matter/mat-wf-element-transactor.resource.ts';
import { matWfLocalButOpts } from './matter/mat-wf-local-but-opts.resource.ts';
import { matWfLocalButton } from './matter/mat-wf-local-button.resource.ts';
import { matWfPageConfigure } from './matter/mat-wf-page-configure.resource.ts';
import { matWfPrint } from './matter/mat-wf-print.resource.ts';
import { matWfVersion } from './matter/mat-wf-version.resource.ts';
import { messageSetting } from './matter/message-setting.resource.ts';
import { bmsQueryCondition } from './query/bms-query-condition.resource.ts';
import { bmsQueryList } from './query/bms-query-list.resource.ts';
import { bmsQueryTabDetail } from './query/bms-query-tab-detail.resource.ts';
import { bmsQueryType } from './query/bms-query-type.resource.ts';
import { reportTemplate } from './query/report-template.resource.ts';
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
import { upgradeApp } from './upgrade/upgrade-app.resource.ts';
import { versionLog } from './upgrade/version-log.resource.ts';
import { exportFile } from './widgets/export-file.resource.ts';
import { exportTemplate } from './widgets/export-template.resource.ts';

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
  upgradeApp,
  pwStrategy,
  userOperLog,
  comUser,
  operationTime,
  domainSys,
  domainSysMenu,
  matIntCatalogueType,
  matIntElement,
  matIntServiceInfo,
  matIntCondition,
  matIntAddress,
  matIntLaws,
  matIntProcedures,
  matIntRegionMapping,
  matIntFlowChart,
  matIntWorkday,
  matIntMaterialsTemplate,
  matIntMaterials,
  matWfElementMaterials,
  matIntWriter,
  matPrintTemplate,
  matWfPrint,
  matPrintSql,
  matIntFormType,
  matIntForm,
  matIntFormVersion,
  matIntFormDetail,
  formDefConf,
  matIntScope,
  matWfVersion,
  matWfElement,
  matWfElementTransactor,
  matWfElementGatewayCondition,
  matWfPageConfigure,
  matWfLocalButton,
  matWfLocalButOpts,
  matWfElementMethod,
  matWfElementButton,
  matWfElementElectronicSign,
  matWfCustomHandler,
  matWfElementPermission,
  comFormul,
  comSurvey,
  conLevelCalc,
  socialProvider,
  userOauth,
  certCa,
  certBinding,
  demoMaterials,
  demoApply,
  demoApplyMember,
  demoOpinion,
  bmsQueryType,
  bmsQueryList,
  bmsQueryCondition,
  bmsQueryTabDetail,
  reportTemplate,
  exportTemplate,
  exportFile,
  model,
  modelPrototype,
  code,
];

export const resourceByName = new Map(registry.map((r) => [r.name, r]));

/** The resource whose screen a path opens (its menu placement's path). */
export const resourceByPath = new Map(registry.flatMap((r) => (r.menu ? [[r.menu.path, r] as const] : [])));
