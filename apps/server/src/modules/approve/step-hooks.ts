import { matWfElementButton, matWfElementMethod, paramDefaults } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import type { ParamStore } from '../../core/param-store.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { callHook, type HookDeps, type HookMethod } from '../element-hooks/hook-caller.ts';
import { type Action, stepButtons, stepElement } from './buttons.ts';
import type { TaskRow, Work } from './work.ts';

// A step button's hook (mat-wf-element-button.triggerMethod → mat-wf-element-method), called
// when the button submits or returns the step, through the hook caller (allow-list, address
// guard, timeout, usual log). Trigger (SYS_WF_METHOD_TYPE): 1 办理前 / 3 退回前 run before the
// step moves, 2 办理后 / 4 退回后 after it, still inside the transaction (none: before). A
// synchronous hook that fails refuses the button and the transaction rolls back, so nothing
// changes; an asynchronous hook is started once the transaction has committed and only logged.
// The task actions of handleTask that a step button also does (退回, 补正, 挂起, 不予受理) run the
// hooks of the step's button for that action: the hook belongs to what is done at the step, not to
// which control of the page did it.

const EB = sqlOf(matWfElementButton, 'eb');
const M = sqlOf(matWfElementMethod, 'm');

export type StepHook = HookMethod & { phase: 'before' | 'after' };

/** The hook of a step button (none when it has no trigger method). */
export async function buttonHooks(w: Work, elementButtonId: string): Promise<StepHook[]> {
  const rows = await w.q.query<HookMethod & { way: number | null }>(
    `select ${M.c.id}::text as id, ${M.c.methodName} as "methodName", ${M.c.methodUrl} as "methodUrl", ${M.c.requestModel} as "requestModel",
            ${EB.c.triggerWay} as way
       from ${EB.table} join ${M.table} on ${M.c.id} = ${EB.c.triggerMethod} and ${M.live('$1')}
      where ${EB.live('$1')} and ${EB.c.id}::text = $2`,
    [w.s.caller.tenantId, elementButtonId],
  );
  return rows.map(({ way, ...m }) => ({ ...m, phase: way === 2 || way === 4 ? 'after' : 'before' }));
}

/** Runs the hooks of one phase: synchronous ones now (a failure refuses), asynchronous ones after the commit. */
export async function runStepHooks(w: Work, hooks: StepHook[], phase: 'before' | 'after', payload: Record<string, unknown>) {
  const due = hooks.filter((x) => x.phase === phase);
  if (!w.hooks || !due.length) return;
  const deps = await pinned(w, w.hooks);
  for (const h of due) {
    const body = { ...payload, event: phase };
    if (h.requestModel === 'async') {
      w.after.push(() => void callHook(deps, h, body).catch(() => {}));
      continue;
    }
    const r = await callHook(deps, h, body);
    if (!r.ok) throw badRequest(`流程方法「${h.methodName}」调用失败：${r.error ?? `HTTP ${r.status}`}`);
  }
}

/** A button's hooks bound to one action at one task: `before` ahead of the change, `after` once it is made. */
export type HookRun = { before: () => Promise<void>; after: () => Promise<void> };

const NONE: HookRun = { before: async () => {}, after: async () => {} };

/** The hooks of `button` pressed at task `t` for `action` (none when the route runs no hooks). */
export async function hookRun(
  w: Work,
  t: TaskRow,
  button: { id: string; buttonId: string } | null | undefined,
  action: string,
  content: string | null | undefined,
): Promise<HookRun> {
  if (!button || !w.hooks) return NONE;
  const hooks = await buttonHooks(w, button.id);
  if (!hooks.length) return NONE;
  const payload = {
    applyId: w.apply.id,
    itemId: w.apply.itemId,
    taskId: t.id,
    activityId: t.nodeId,
    activityName: t.name,
    buttonId: button.buttonId,
    action,
    content: content ?? null,
    userId: w.s.caller.userId,
  };
  return { before: () => runStepHooks(w, hooks, 'before', payload), after: () => runStepHooks(w, hooks, 'after', payload) };
}

/** The hooks of a handleTask action at task `t`: those of the step's first button doing the same (none without one). */
export async function actionHookRun(w: Work, t: TaskRow, action: Action, content: string | null | undefined): Promise<HookRun> {
  if (!w.hooks) return NONE;
  const el = await stepElement(w.q, w.s.caller.tenantId, w.apply.mathfVersionId, t.nodeId);
  const button = el ? (await stepButtons(w.q, w.s.caller.tenantId, el.id)).find((b) => b.action === action) : undefined;
  return hookRun(w, t, button, action, content);
}

/**
 * The hook parameters read through the transaction and fixed for the calls: on the embedded
 * database a read from outside would wait for this transaction to end.
 */
async function pinned(w: Work, deps: HookDeps): Promise<HookDeps> {
  const allow = await deps.params.get('matter.hook.allowedHosts', w.q);
  const n = Number(await deps.params.get('matter.hook.timeoutMs', w.q));
  const timeout = Number.isSafeInteger(n) && n > 0 ? n : Number(paramDefaults['matter.hook.timeoutMs']);
  const params = { get: async () => allow, int: async () => timeout } as unknown as ParamStore;
  return { ...deps, params };
}
