// One BPMN element → one graph node. Anything the engine cannot execute is refused here, naming
// the element's type and id.
import { ModelError } from '../errors.ts';
import { compileExpression, type Expression, type ExpressionFunctions } from '../expr/index.ts';
import { type AttributeReader, type ModdleElement, NS } from './attrs.ts';
import type { DueSpec, GraphNode, MultiInstanceSpec, NodeBase, VariableMapping } from './graph.ts';
import { readTimer } from './read-timer.ts';

export interface ReadContext {
  attrs: AttributeReader;
  functions: ExpressionFunctions | undefined;
  warn(el: ModdleElement, message: string): void;
}

export function unsupported(el: ModdleElement, detail?: string): ModelError {
  const what = detail ? `${el.$type} ${detail}` : el.$type;
  return new ModelError(`不支持的流程元素: ${what} (id=${el.id ?? '?'})`, el.id, el.$type);
}

type Base = NodeBase;

const PASS_THROUGH = new Set(['bpmn:Task', 'bpmn:ManualTask']);
// Flowable's built-in business calendars count calendar time; any other name means working days.
export const PLAIN_CALENDARS = new Set(['dueDate', 'duration', 'cycle']);

export function readNode(el: ModdleElement, parent: string | null, rc: ReadContext): GraphNode {
  const id = el.id!;
  const base: Base = {
    id,
    bpmnType: el.$type,
    name: (el.name as string) || null,
    parent,
    incoming: [],
    outgoing: [],
    defaultFlow: null,
    boundary: [],
  };
  const defs = (el.eventDefinitions as ModdleElement[] | undefined) ?? [];
  if (el.loopCharacteristics && el.$type !== 'bpmn:UserTask') throw unsupported(el, '多实例');
  if (el.isForCompensation) throw unsupported(el, '补偿');
  switch (el.$type) {
    case 'bpmn:StartEvent':
      if (defs.length) throw unsupported(el, defs[0].$type);
      return { ...base, type: 'startEvent', initiator: rc.attrs.vendor(el, 'initiator') || null };
    case 'bpmn:EndEvent': {
      if (defs.length > 1 || (defs.length === 1 && defs[0].$type !== 'bpmn:TerminateEventDefinition')) throw unsupported(el, defs[0].$type);
      const terminateAll = rc.attrs.vendor(defs[0] ?? el, 'terminateAll') === 'true' || rc.attrs.vendor(el, 'terminateAll') === 'true';
      return { ...base, type: 'endEvent', terminate: defs.length === 1, terminateAll };
    }
    case 'bpmn:IntermediateThrowEvent':
      if (defs.length) throw unsupported(el, defs[0].$type);
      return { ...base, type: 'passThrough' };
    case 'bpmn:IntermediateCatchEvent':
      if (defs.length !== 1 || defs[0].$type !== 'bpmn:TimerEventDefinition') throw unsupported(el, defs[0]?.$type);
      return { ...base, type: 'timerCatch', timer: readTimer(el, defs[0], rc, false) };
    case 'bpmn:BoundaryEvent': {
      if (defs.length !== 1 || defs[0].$type !== 'bpmn:TimerEventDefinition') throw unsupported(el, defs[0]?.$type);
      const interrupting = el.cancelActivity !== false;
      const timer = readTimer(el, defs[0], rc, !interrupting);
      const attached = el.attachedToRef as ModdleElement | undefined;
      if (!attached?.id) throw new ModelError(`边界事件 ${id} 没有依附的活动`, id, el.$type);
      return { ...base, type: 'boundaryTimer', timer, attachedTo: attached.id, interrupting };
    }
    case 'bpmn:ExclusiveGateway':
      return { ...base, type: 'exclusiveGateway' };
    case 'bpmn:ParallelGateway':
      return { ...base, type: 'parallelGateway' };
    case 'bpmn:InclusiveGateway':
      return { ...base, type: 'inclusiveGateway' };
    case 'bpmn:UserTask':
      return readUserTask(el, base, rc);
    case 'bpmn:ServiceTask':
      return readServiceTask(el, base, rc);
    case 'bpmn:CallActivity':
      return readCallActivity(el, base, rc);
    case 'bpmn:SubProcess':
      if (el.triggeredByEvent) throw unsupported(el, '事件子流程');
      return { ...base, type: 'subProcess', start: '' };
    default:
      if (PASS_THROUGH.has(el.$type)) return { ...base, type: 'passThrough' };
      throw unsupported(el);
  }
}

export function expr(text: string, owner: string, rc: ReadContext, el?: ModdleElement): Expression {
  try {
    return compileExpression(text, owner, rc.functions);
  } catch (e) {
    throw new ModelError((e as Error).message, owner, el?.$type);
  }
}

/** Splits `a, ${b}, c` on commas outside expressions. */
export function splitList(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '{') depth++;
    if (c === '}') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}

function readUserTask(el: ModdleElement, base: Base, rc: ReadContext): GraphNode {
  const { attrs } = rc;
  const list = (text: string | undefined) => splitList(text ?? '').map((s) => expr(s, base.id, rc, el));
  const candidateUsers = list(attrs.vendor(el, 'candidateUsers'));
  const candidateGroups = list(attrs.vendor(el, 'candidateGroups'));
  let assigneeText = attrs.vendor(el, 'assignee');
  // The standard resource elements: potentialOwner lists `user(x)` / `group(y)` (a bare name is a group).
  for (const res of (el.resources as ModdleElement[] | undefined) ?? []) {
    const body = ((res.resourceAssignmentExpression as ModdleElement | undefined)?.expression as ModdleElement | undefined)?.body;
    if (typeof body !== 'string') continue;
    for (const part of splitList(body)) {
      const m = /^(user|group)\((.*)\)$/.exec(part);
      if (res.$type === 'bpmn:HumanPerformer') assigneeText ??= m ? m[2] : part;
      else if (m?.[1] === 'user') candidateUsers.push(expr(m[2], base.id, rc, el));
      else candidateGroups.push(expr(m ? m[2] : part, base.id, rc, el));
    }
  }
  const formKey = attrs.vendor(el, 'formKey');
  return {
    ...base,
    type: 'userTask',
    assignee: assigneeText ? expr(assigneeText, base.id, rc, el) : null,
    candidateUsers,
    candidateGroups,
    candidateDepts: list(attrs.civ(el, 'candidateDepts')),
    formKey: formKey ? expr(formKey, base.id, rc, el) : null,
    sms: ['true', '1'].includes((attrs.civ(el, 'sms') ?? '').trim().toLowerCase()),
    due: readDue(el, base.id, rc),
    multiInstance: readMultiInstance(el, base.id, rc),
  };
}

function readDue(el: ModdleElement, id: string, rc: ReadContext): DueSpec | null {
  const days = rc.attrs.civ(el, 'workingDays');
  if (days) return { value: expr(days, id, rc, el), workingDayCount: true, workingDays: true };
  const due = rc.attrs.vendor(el, 'dueDate');
  if (!due) return null;
  const calendar = rc.attrs.vendor(el, 'businessCalendarName');
  return { value: expr(due, id, rc, el), workingDayCount: false, workingDays: !!calendar && !PLAIN_CALENDARS.has(calendar) };
}

export function body(el: unknown): string | undefined {
  const b = (el as ModdleElement | undefined)?.body;
  return typeof b === 'string' && b.trim() ? b.trim() : undefined;
}

function readMultiInstance(el: ModdleElement, id: string, rc: ReadContext): MultiInstanceSpec | null {
  const loop = el.loopCharacteristics as ModdleElement | undefined;
  if (!loop) return null;
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') throw unsupported(el, loop.$type);
  const collectionText = rc.attrs.vendor(loop, 'collection');
  const cardinality = body(loop.loopCardinality);
  if (!collectionText && !cardinality) throw new ModelError(`多实例任务 ${id} 需要 collection 或 loopCardinality`, id, el.$type);
  const elementVariable = rc.attrs.vendor(loop, 'elementVariable') || null;
  const completion = body(loop.completionCondition);
  // A bare name is the variable holding the collection.
  const collection = collectionText ? (/[$#]\{/.test(collectionText) ? collectionText : `\${${collectionText}}`) : null;
  return {
    sequential: loop.isSequential === true,
    collection: collection ? expr(collection, id, rc, el) : null,
    elementVariable,
    cardinality: cardinality ? expr(cardinality, id, rc, el) : null,
    completion: completion ? expr(completion, id, rc, el) : null,
  };
}

/** The name a service task's handler is registered under. */
function handlerName(el: ModdleElement, rc: ReadContext): string | undefined {
  const { attrs } = rc;
  const civ = attrs.civ(el, 'service');
  if (civ) return civ;
  const type = attrs.vendor(el, 'type');
  if (type === 'external') return attrs.vendor(el, 'topic');
  if (type) return type;
  const cls = attrs.vendor(el, 'class');
  if (cls) return cls;
  const delegate = attrs.vendor(el, 'delegateExpression');
  if (delegate) return /^[$#]\{\s*([\p{L}\p{N}_$.]+)\s*\}$/u.exec(delegate.trim())?.[1] ?? delegate.trim();
  const expression = attrs.vendor(el, 'expression');
  if (expression) return /^[$#]\{([\s\S]*)\}$/.exec(expression.trim())?.[1].trim() ?? expression.trim();
  const impl = el.implementation as string | undefined;
  return impl && impl !== '##WebService' ? impl : undefined;
}

function readServiceTask(el: ModdleElement, base: Base, rc: ReadContext): GraphNode {
  const handler = handlerName(el, rc);
  if (!handler) throw new ModelError(`服务任务 ${base.id} 没有指定处理程序`, base.id, el.$type);
  const fields: Record<string, string> = {};
  for (const ext of rc.attrs.extensions(el)) {
    if (ext.local !== 'field' || !rc.attrs.isVendor(ext.uri)) continue;
    const name = rc.attrs.prop(ext.el, 'name');
    const children = (ext.el.$children as ModdleElement[] | undefined) ?? [];
    const value = rc.attrs.prop(ext.el, 'stringValue') ?? rc.attrs.prop(ext.el, 'expression') ?? (children[0]?.$body as string | undefined);
    if (name) fields[name] = (value ?? '').trim();
  }
  const resultVariable = rc.attrs.vendor(el, 'resultVariable') ?? rc.attrs.attr(el, NS.activiti, 'resultVariableName') ?? null;
  return { ...base, type: 'serviceTask', handler, fields, resultVariable };
}

function readCallActivity(el: ModdleElement, base: Base, rc: ReadContext): GraphNode {
  const called = (el.calledElement as string | undefined)?.trim();
  if (!called) throw new ModelError(`调用活动 ${base.id} 没有指定被调用的流程`, base.id, el.$type);
  const mappings = (local: 'in' | 'out') => {
    let all = false;
    const list: VariableMapping[] = [];
    for (const ext of rc.attrs.extensions(el)) {
      if (ext.local !== local || !rc.attrs.isVendor(ext.uri)) continue;
      if (rc.attrs.prop(ext.el, 'variables') === 'all') all = true;
      const target = rc.attrs.prop(ext.el, 'target');
      const source = rc.attrs.prop(ext.el, 'source') ?? null;
      const sourceExpression = rc.attrs.prop(ext.el, 'sourceExpression');
      if (!target) continue;
      list.push({ source, sourceExpression: sourceExpression ? expr(sourceExpression, base.id, rc, el) : null, target });
    }
    return { all, list };
  };
  const ins = mappings('in');
  const outs = mappings('out');
  const businessKey = rc.attrs.vendor(el, 'businessKey');
  return {
    ...base,
    type: 'callActivity',
    calledElement: expr(called, base.id, rc, el),
    businessKey: businessKey ? expr(businessKey, base.id, rc, el) : null,
    inAll: ins.all || rc.attrs.vendor(el, 'inheritVariables') === 'true',
    ins: ins.list,
    outAll: outs.all,
    outs: outs.list,
  };
}
