import type { ProcessGraph } from '../model/graph.ts';
import type { CommandResult, EngineContext, InstanceRow, Vars } from '../types.ts';
import { execute } from './execute.ts';

export interface StartInput {
  variables?: Vars;
  starter?: string | null;
  businessKey?: string | null;
  /** The id to give the instance; ctx.newId() otherwise. */
  instanceId?: string;
  /** Set when a call activity starts this instance. */
  parent?: { instanceId: string; tokenId: string };
}

/** Starts an instance at the process's start event. `changes.instance` is the row to insert. */
export async function start(graph: ProcessGraph, input: StartInput, ctx: EngineContext): Promise<CommandResult> {
  const instance: InstanceRow = {
    id: input.instanceId ?? ctx.newId(),
    processKey: graph.key,
    status: 'active',
    businessKey: input.businessKey ?? null,
    startedBy: input.starter ?? null,
    startedAt: ctx.now().toISOString(),
    endedAt: null,
    parentInstanceId: input.parent?.instanceId ?? null,
    parentTokenId: input.parent?.tokenId ?? null,
  };
  const snapshot = { instance, variables: {}, tasks: [], tokens: [], scopes: [], jobs: [] };
  return execute(
    graph,
    snapshot,
    ctx,
    (step) => {
      const startNode = step.node(graph.start);
      const vars: Vars = { ...input.variables };
      if (startNode.type === 'startEvent' && startNode.initiator && input.starter) vars[startNode.initiator] = input.starter;
      step.setVariables(vars, null);
      step.event('start', null, null, {
        actor: input.starter ?? undefined,
        data: input.businessKey ? { businessKey: input.businessKey } : undefined,
      });
      step.queue.push({ nodeId: graph.start, scopeId: null, flowId: null });
    },
    { inserted: true },
  );
}
