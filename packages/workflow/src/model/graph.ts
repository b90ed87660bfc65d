// The compiled form of one process: what the interpreter walks. Built once per deployed version
// and cached by the server; expressions inside are already compiled.
import type { Expression } from '../expr/index.ts';

export type NodeType =
  | 'startEvent'
  | 'endEvent'
  | 'userTask'
  | 'serviceTask'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'inclusiveGateway'
  | 'subProcess'
  | 'callActivity'
  | 'timerCatch'
  | 'boundaryTimer'
  | 'passThrough';

export interface NodeBase {
  id: string;
  /** The BPMN element type as written, for messages (`bpmn:UserTask`). */
  bpmnType: string;
  name: string | null;
  /** The embedded sub-process this node sits in, or null for the process level. */
  parent: string | null;
  incoming: string[];
  outgoing: string[];
  defaultFlow: string | null;
  /** Boundary timers attached to this activity. */
  boundary: string[];
}

export interface TimerSpec {
  kind: 'duration' | 'date' | 'cycle' | 'workingDays';
  value: Expression;
  /** Day parts of a duration count working days (Flowable's businessCalendarName, or civ:workingDays). */
  workingDays: boolean;
}

export interface MultiInstanceSpec {
  sequential: boolean;
  collection: Expression | null;
  elementVariable: string | null;
  cardinality: Expression | null;
  completion: Expression | null;
}

export interface DueSpec {
  value: Expression;
  /** `value` is a number of working days (civ:workingDays) rather than a date or ISO duration. */
  workingDayCount: boolean;
  /** Day parts of an ISO duration count working days. */
  workingDays: boolean;
}

export interface VariableMapping {
  source: string | null;
  sourceExpression: Expression | null;
  target: string;
}

export type GraphNode =
  | (NodeBase & { type: 'exclusiveGateway' | 'parallelGateway' | 'inclusiveGateway' | 'passThrough' })
  | (NodeBase & { type: 'startEvent' /** Variable that receives the starter (Flowable's `initiator`). */; initiator: string | null })
  | (NodeBase & { type: 'endEvent'; terminate: boolean; terminateAll: boolean })
  | (NodeBase & {
      type: 'userTask';
      assignee: Expression | null;
      candidateUsers: Expression[];
      candidateGroups: Expression[];
      candidateDepts: Expression[];
      formKey: Expression | null;
      /** `civ:sms="true"`: the people told of a new task of this step are also sent an SMS. */
      sms: boolean;
      due: DueSpec | null;
      multiInstance: MultiInstanceSpec | null;
    })
  | (NodeBase & { type: 'serviceTask'; handler: string; fields: Record<string, string>; resultVariable: string | null })
  | (NodeBase & { type: 'subProcess'; start: string })
  | (NodeBase & {
      type: 'callActivity';
      calledElement: Expression;
      businessKey: Expression | null;
      inAll: boolean;
      ins: VariableMapping[];
      outAll: boolean;
      outs: VariableMapping[];
    })
  | (NodeBase & { type: 'timerCatch'; timer: TimerSpec })
  | (NodeBase & { type: 'boundaryTimer'; timer: TimerSpec; attachedTo: string; interrupting: boolean });

export type NodeOf<T extends NodeType> = Extract<GraphNode, { type: T }>;

export interface Flow {
  id: string;
  source: string;
  target: string;
  name: string | null;
  condition: Expression | null;
}

export interface ProcessGraph {
  key: string;
  name: string | null;
  nodes: ReadonlyMap<string, GraphNode>;
  flows: ReadonlyMap<string, Flow>;
  /** The process-level none start event. */
  start: string;
  /** Handler names service tasks refer to, for the caller's own checks. */
  services: ReadonlySet<string>;
  /** Process keys call activities refer to (literal ones). */
  calledProcesses: ReadonlySet<string>;
  /** For each joining inclusive gateway and each of its incoming flows: the nodes that can reach that flow. */
  inclusiveUpstream: ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;
  /** Forward edges (sequence flows without loop back edges, plus activity → its boundary events), per node. */
  forward: ReadonlyMap<string, readonly string[]>;
}
