import type { Queryable } from '@civdesk/db';
import { matWfElement, matWfElementButton, matWfLocalButOpts, matWfLocalButton } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';

// A step's buttons (mat-wf-element-button, from the button library) and what pressing one does.

const E = sqlOf(matWfElement);
const EB = sqlOf(matWfElementButton, 'eb');
const LB = sqlOf(matWfLocalButton, 'lb');
const O = sqlOf(matWfLocalButOpts, 'o');

export type Action = 'pass' | 'reject' | 'back' | 'recall' | 'suspend' | 'supplement' | 'notAccept' | 'save' | 'print';

const BY_VALUE: Record<string, Action> = {
  submit: 'pass',
  next: 'pass',
  accept: 'pass',
  agree: 'pass',
  finish: 'pass',
  disagree: 'reject',
  back: 'back',
  recall: 'recall',
  suspend: 'suspend',
  supplement: 'supplement',
  refuse: 'notAccept',
  save: 'save',
  print: 'print',
};
// SYS_WF_LOCAL_BUTTON: 1 提交, 2 退回, 3 保存, 4 挂起, 5 打印, 6 其他 (no action of its own).
const BY_TYPE: Record<number, Action> = { 1: 'pass', 2: 'back', 3: 'save', 4: 'suspend', 5: 'print' };

/** What a button does: by its key (the library's value words), else by its library type. */
export function actionOf(key: string | null, type: number | null): Action | null {
  return (key && BY_VALUE[key]) || (type !== null ? BY_TYPE[type] : undefined) || null;
}

export type StepButton = {
  id: string;
  buttonId: string;
  name: string;
  localButtonType: number | null;
  localButtonValue: string | null;
  localButtonStyle: string | null;
  localButtonColor: string | null;
  action: Action | null;
  options: { id: string; butOptsInfo: string; isDefault: number | null }[];
};

export type StepElement = {
  id: string;
  ifPermitBatch: number | null;
  basicForm: string | null;
  publicFormPc: string | null;
  ifSuspendAudit: number | null;
  ifAutomaticSuspend: number | null;
  suspendType: number | null;
  timeLimitSuspend: number | null;
  timeLimitSuspendWaring: number | null;
  leaderRole: string | null;
};

/** The configuration row of a step of a version (null when the step has none). */
export async function stepElement(q: Queryable, tenantId: string, versionId: string | null, nodeId: string) {
  if (!versionId) return null;
  const [e] = await q.query<StepElement>(
    `select ${E.c.id}::text as id, ${E.c.ifPermitBatch} as "ifPermitBatch", ${E.c.basicForm} as "basicForm", ${E.c.publicFormPc} as "publicFormPc",
            ${E.c.ifSuspendAudit} as "ifSuspendAudit", ${E.c.ifAutomaticSuspend} as "ifAutomaticSuspend", ${E.c.suspendType} as "suspendType",
            ${E.c.timeLimitSuspend} as "timeLimitSuspend", ${E.c.timeLimitSuspendWaring} as "timeLimitSuspendWaring",
            ${E.c.leaderRole}::text as "leaderRole"
       from ${E.table} where ${E.live('$1')} and ${E.c.versionId}::text = $2 and ${E.c.userTaskId} = $3`,
    [tenantId, versionId, nodeId],
  );
  return e ?? null;
}

export async function stepButtons(q: Queryable, tenantId: string, elementId: string): Promise<StepButton[]> {
  const rows = await q.query<Omit<StepButton, 'action'>>(
    `select ${EB.c.id}::text as id, coalesce(nullif(${EB.c.buttonId}, ''), ${LB.c.localButtonValue}) as "buttonId",
            coalesce(nullif(${EB.c.elementButtonName}, ''), ${LB.c.localButtonName}) as name, ${LB.c.localButtonType} as "localButtonType",
            ${LB.c.localButtonValue} as "localButtonValue", ${LB.c.localButtonStyle} as "localButtonStyle", ${LB.c.localButtonColor} as "localButtonColor",
            coalesce((select json_agg(json_build_object('id', ${O.c.id}::text, 'butOptsInfo', ${O.c.butOptsInfo}, 'isDefault', ${O.c.isDefault})
                                      order by ${O.c.isDefault} desc, ${O.c.orderNumber}, ${O.c.id})
                        from ${O.table} where ${O.live('$1')} and ${O.c.localButtonId} = ${LB.c.id}), '[]'::json) as options
       from ${EB.table} join ${LB.table} on ${LB.c.id} = ${EB.c.localButtonId} and ${LB.live('$1')}
      where ${EB.live('$1')} and ${EB.c.elementId} = $2
      order by ${EB.c.orderNum} nulls last, ${EB.c.createTime}, ${EB.c.id}`,
    [tenantId, elementId],
  );
  return rows.map((b) => ({
    ...b,
    options: typeof b.options === 'string' ? JSON.parse(b.options) : b.options,
    action: actionOf(b.buttonId, b.localButtonType === null ? null : Number(b.localButtonType)),
  }));
}
