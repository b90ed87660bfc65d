import type { Queryable } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import { matWfElement, matWfElementGatewayCondition, matWfElementTransactor, matWfVersion } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { newId } from '../../crud/ids.ts';
import { insert } from '../../crud/repository.ts';
import { deploy } from '../../modules/workflow/definitions.ts';
import { type DemoModel, demoXml } from './flow-models.ts';

// The demo matters' workflows: a model each, deployed, one version from 2026-01-01, every step
// but the applicant's own first one configured (forms, time limits in working days, transactors by the demo tenant's roles) and the
// amount gateway of 临时救助 configured. Ids follow the shared scheme: version 19030000000000000N,
// step 19030000000000001NN with NN = item × 10 + step.

/**
 * `no`: the step's number in its configuration id (default: its place in the list); a step added
 * later keeps the ids of the steps seeded before it. `publicity`: a publicity period (公示) of that
 * many working days, during which the application is suspended on entering the step.
 */
type Step = { id: string; name: string; role: string; limit: number; warn: number; no?: number; publicity?: number };
type Demo = { item: number; model: Omit<DemoModel, 'steps' | 'gateway'>; steps: Step[]; gateway?: DemoModel['gateway'] & { on: string } };

const step = (id: string, name: string, role: string, limit: number, warn = 1, more: Pick<Step, 'no' | 'publicity'> = {}): Step => ({
  id,
  name,
  role,
  limit,
  warn,
  ...more,
});

const DEMOS: Demo[] = [
  {
    item: 1,
    model: { key: 'mat_lsjz', name: '临时救助申请' },
    steps: [
      step('accept', '乡镇受理', 'caseworker', 1),
      step('investigate', '调查核实', 'caseworker', 2),
      step('countyApprove', '县级审批', 'admin', 2),
      step('townApprove', '乡镇审批', 'auditor', 2),
    ],
    gateway: {
      id: 'amountGateway',
      name: '救助金额',
      on: 'investigate',
      // The application form's 申请金额 (a required number), which registration puts on the instance.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not a template
      when: { flowId: 'flow_county', condition: '${amountRequested > 1000}', step: { id: 'countyApprove', name: '县级审批' } },
      otherwise: { flowId: 'flow_town', step: { id: 'townApprove', name: '乡镇审批' } },
    },
  },
  {
    item: 2,
    model: { key: 'mat_gejbshf', name: '孤儿基本生活费申领' },
    steps: [
      step('accept', '乡镇受理核实', 'caseworker', 10, 3),
      step('approve', '县级审批', 'admin', 10, 3),
      step('register', '发放登记', 'auditor', 3),
    ],
  },
  {
    item: 3,
    model: { key: 'mat_kjetrd', name: '困境儿童认定' },
    steps: [
      step('accept', '乡镇受理', 'caseworker', 2),
      step('survey', '入户调查评估', 'caseworker', 5, 2),
      step('review', '乡镇审核', 'auditor', 3),
      // The township's findings are posted in the village for 5 working days before the county decides.
      step('publicity', '公示', 'caseworker', 2, 1, { no: 5, publicity: 5 }),
      step('decide', '县级认定', 'admin', 5, 2, { no: 4 }),
    ],
  },
];

/**
 * The applicant's own first step (申请登记: registered at the window or online). The seed leaves it
 * without configuration, so a new administrator sees at once what the step editor marks.
 */
export const APPLY_STEP = { id: 'apply', name: '申请登记' };

/** The model of a demo (its steps on the main line; the gateway's branch steps come after it). */
function modelOf(d: Demo): DemoModel {
  const branch = new Set(d.gateway ? [d.gateway.when.step.id, d.gateway.otherwise.step.id] : []);
  return { ...d.model, steps: [APPLY_STEP, ...d.steps.filter((s) => !branch.has(s.id))], gateway: d.gateway };
}

/** Inserts a row through the engine, then gives it its fixed id. */
async function put(t: Queryable, r: Resource, s: Scope, id: string | null, v: Record<string, unknown>): Promise<string> {
  const row = await insert(t, r, s, v);
  if (!id) return String(row.id);
  await t.query(`update ${r.table} set id = $2 where id = $1`, [row.id, id]);
  return id;
}

export async function seedMatterFlow(t: Queryable, scope: Scope) {
  const tenantId = scope.caller.tenantId;
  for (const d of DEMOS) {
    const xml = demoXml(modelOf(d));
    await t.query(`insert into wf_model (id, tenant_id, model_key, name, description, xml) values ($1, $2, $3, $4, $5, $6)`, [
      newId(),
      tenantId,
      d.model.key,
      d.model.name,
      `事项“${d.model.name}”的办理流程`,
      xml,
    ]);
    const [deployed] = await deploy(t, xml, {
      tenantIds: [tenantId],
      category: 'flow_2',
      resourceName: `${d.model.key}.bpmn20.xml`,
      actor: null,
    });
    // A fixed id, as every demo row has (nothing points at the definition yet).
    const flowDefId = `190310000000000000${d.item}`;
    await t.query('update wf_definition set id = $2 where id = $1', [deployed, flowDefId]);
    const itemId = `190100000000000000${d.item}`;
    const versionId = await put(t, matWfVersion, scope, `190300000000000000${d.item}`, {
      itemId,
      flowDefId,
      versionCode: 'V1',
      startTime: '2026-01-01',
      note: `${d.model.name}办理流程`,
    });
    let n = 0;
    for (const s of d.steps) {
      n++;
      const elementId = await put(t, matWfElement, scope, `19030000000000001${d.item}${s.no ?? n}`, {
        itemId,
        versionId,
        userTaskId: s.id,
        transactor: s.role,
        transactorNames: { caseworker: '个案工作者', auditor: '审核员', admin: '管理员' }[s.role],
        basicForm: `19020000000000000${d.item + 10}`,
        publicFormPc: `190200000000000000${d.item}`,
        handleFromSetting: 'apply,materials,opinion',
        timeLimitWarning: s.warn,
        timeLimitUserTask: s.limit,
        ifAutomaticSuspend: s.publicity ? 1 : 0,
        ...(s.publicity ? { timeLimitSuspend: s.publicity, suspendType: 4 } : {}),
        orderNumber: n,
      });
      await put(t, matWfElementTransactor, scope, null, { elementId, transactorType: 2, transactorInfo: s.role, orderNum: 1 });
      if (d.gateway?.on === s.id) {
        await put(t, matWfElementGatewayCondition, scope, null, {
          elementId,
          sequenceFlowId: d.gateway.when.flowId,
          gatewayConditionInfo: d.gateway.when.condition,
        });
      }
    }
  }
}
