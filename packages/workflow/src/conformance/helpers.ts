// Shared by the conformance tests: compile BPMN text and run it in the in-memory runtime.
import { compileDefinitions } from '../model/compile.ts';
import type { ProcessGraph } from '../model/graph.ts';
import { processXml } from '../testing/bpmn.ts';
import { MemoryRuntime, type RuntimeOptions } from '../testing/runtime.ts';

export async function graphOf(xml: string): Promise<ProcessGraph> {
  const { processes } = await compileDefinitions(xml);
  return [...processes.values()][0];
}

/** Compiles one process written as elements + flow lines, and a runtime for it (and for `others`). */
export async function setup(elements: string, flowSpec: string, options: RuntimeOptions & { others?: ProcessGraph[] } = {}) {
  const graph = await graphOf(processXml('p', elements, flowSpec));
  const rt = new MemoryRuntime([graph, ...(options.others ?? [])], options);
  return { graph, rt };
}

/** Node ids of a history type, in order, for one instance. */
export function eventsOf(rt: MemoryRuntime, instanceId: string, type: string): string[] {
  return rt.history.filter((e) => e.instanceId === instanceId && e.type === type).map((e) => e.nodeId ?? '(instance)');
}

export function openNodes(rt: MemoryRuntime, instanceId?: string): string[] {
  return rt
    .openTasks(instanceId)
    .map((t) => t.nodeId)
    .sort();
}

export const DAY = 86_400_000;
