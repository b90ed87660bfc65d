/// <reference path="./bpmn-moddle.d.ts" />
// Deploy time: BPMN XML → one validated graph per executable process, plus warnings for what the
// file contains but the engine will not execute.
import { BpmnModdle } from 'bpmn-moddle';
import { ModelError } from '../errors.ts';
import type { ExpressionFunctions } from '../expr/index.ts';
import { forwardEdges, inclusiveUpstream } from './analysis.ts';
import { AttributeReader, type ModdleElement } from './attrs.ts';
import type { Flow, GraphNode, ProcessGraph } from './graph.ts';
import { expr, type ReadContext, readNode, unsupported } from './read-node.ts';
import { validate } from './validate.ts';

export interface CompileOptions {
  /** Names of registered service handlers; when given, a service task naming another one is refused. */
  services?: Iterable<string>;
  /** Functions expressions may call by name. */
  functions?: ExpressionFunctions;
  /** Refuse a process with more flow elements than this (default 5000). */
  maxElements?: number;
}

export interface ModelWarning {
  processKey: string | null;
  elementId: string | null;
  elementType: string;
  message: string;
}

export interface CompiledDefinitions {
  processes: Map<string, ProcessGraph>;
  warnings: ModelWarning[];
}

const MAX_DEPTH = 32;
const IGNORED = new Set(['bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);
// Vendor extension elements that carry no behaviour and deserve no warning.
const SILENT_EXTENSIONS = new Set(['properties', 'failedJobRetryTimeCycle', 'potentialStarter']);

export async function compileDefinitions(xml: string, options: CompileOptions = {}): Promise<CompiledDefinitions> {
  if (typeof xml !== 'string' || !xml.trim()) throw new ModelError('BPMN XML 为空');
  let root: ModdleElement;
  let parseWarnings: { message: string }[];
  try {
    const result = await new BpmnModdle().fromXML(xml);
    root = result.rootElement as ModdleElement;
    parseWarnings = result.warnings;
  } catch (e) {
    throw new ModelError(`BPMN XML 无法解析: ${firstLine((e as Error).message)}`);
  }
  // Unresolved references are checked where they matter (flows, boundary events) and an unknown
  // plain attribute is only reported; anything else moddle could not read (an unknown BPMN
  // element, a duplicate id, text outside the root) would be silently lost, so it is refused.
  const warnings: ModelWarning[] = [];
  for (const w of parseWarnings) {
    if (w.message.startsWith('unresolved reference')) continue;
    if (w.message.startsWith('unknown attribute')) {
      warnings.push({ processKey: null, elementId: null, elementType: 'attribute', message: `已忽略 ${firstLine(w.message)}` });
      continue;
    }
    throw new ModelError(`BPMN XML 无法解析: ${firstLine(w.message)}`);
  }
  if (root?.$type !== 'bpmn:Definitions') throw new ModelError('BPMN XML 的根元素不是 definitions');

  const attrs = new AttributeReader(root);
  const services = options.services ? new Set(options.services) : undefined;
  const processes = new Map<string, ProcessGraph>();
  for (const el of (root.rootElements as ModdleElement[] | undefined) ?? []) {
    if (el.$type !== 'bpmn:Process') continue;
    const key = el.id;
    if (!key) throw new ModelError('流程缺少 id', undefined, el.$type);
    if (el.isExecutable === false) {
      warnings.push({ processKey: key, elementId: key, elementType: el.$type, message: `流程 ${key} 未标记为可执行，已忽略` });
      continue;
    }
    if (processes.has(key)) throw new ModelError(`流程 id 重复: ${key}`, key, el.$type);
    const warn = (target: ModdleElement, message: string) =>
      warnings.push({ processKey: key, elementId: target.id ?? null, elementType: target.$type, message });
    const graph = buildProcess(el, { attrs, functions: options.functions, warn }, options.maxElements ?? 5000);
    for (const node of graph.nodes.values()) {
      if (services && node.type === 'serviceTask' && !services.has(node.handler)) {
        throw new ModelError(`服务任务 ${node.id} 的处理程序未注册: ${node.handler}`, node.id, node.bpmnType);
      }
    }
    processes.set(key, graph);
  }
  if (processes.size === 0) throw new ModelError('BPMN XML 中没有可执行的流程');
  return { processes, warnings };
}

/** moddle's first line, plus its nested cause (`duplicate ID <x>`, `unknown type <bpmn:Foo>`). */
function firstLine(message: string): string {
  const lines = message.split('\n').map((l) => l.trim());
  const nested = lines.find((l) => l.startsWith('nested error:'));
  return nested ? `${lines[0]} (${nested.slice(14)})` : lines[0];
}

function buildProcess(process: ModdleElement, rc: ReadContext, maxElements: number): ProcessGraph {
  const nodes = new Map<string, GraphNode>();
  const rawFlows: { el: ModdleElement; parent: string | null }[] = [];
  const stack: { container: ModdleElement; parent: string | null; depth: number }[] = [{ container: process, parent: null, depth: 0 }];
  let count = 0;
  while (stack.length) {
    const { container, parent, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) throw new ModelError(`子流程嵌套超过 ${MAX_DEPTH} 层`, container.id, container.$type);
    warnExtensions(container, rc);
    for (const el of (container.flowElements as ModdleElement[] | undefined) ?? []) {
      if (++count > maxElements) throw new ModelError(`流程元素超过 ${maxElements} 个`, process.id, process.$type);
      if (el.$type === 'bpmn:SequenceFlow') {
        rawFlows.push({ el, parent });
        continue;
      }
      if (IGNORED.has(el.$type)) continue;
      if (!el.id) throw new ModelError(`${el.$type} 缺少 id`, undefined, el.$type);
      if (nodes.has(el.id)) throw new ModelError(`元素 id 重复: ${el.id}`, el.id, el.$type);
      const node = readNode(el, parent, rc);
      nodes.set(el.id, node);
      warnExtensions(el, rc);
      if (rc.attrs.vendor(el, 'skipExpression')) rc.warn(el, `${el.id} 的 skipExpression 不会被执行`);
      if (node.type === 'subProcess') stack.push({ container: el, parent: el.id, depth: depth + 1 });
    }
  }
  const flows = new Map<string, Flow>();
  rawFlows.forEach(({ el, parent }, i) => {
    const flow = readFlow(el, parent, nodes, rc, i);
    if (flows.has(flow.id) || nodes.has(flow.id)) throw new ModelError(`元素 id 重复: ${flow.id}`, flow.id, el.$type);
    flows.set(flow.id, flow);
    nodes.get(flow.source)!.outgoing.push(flow.id);
    nodes.get(flow.target)!.incoming.push(flow.id);
    warnExtensions(el, rc);
  });
  linkDefaults(process, nodes, flows);
  const start = validate(nodes, flows, rc);
  const services = new Set<string>();
  const calledProcesses = new Set<string>();
  for (const n of nodes.values()) {
    if (n.type === 'serviceTask') services.add(n.handler);
    if (n.type === 'callActivity' && n.calledElement.constant) calledProcesses.add(n.calledElement.source);
  }
  return {
    key: process.id!,
    name: (process.name as string) || null,
    nodes,
    flows,
    start,
    services,
    calledProcesses,
    inclusiveUpstream: inclusiveUpstream(nodes, flows),
    forward: forwardEdges(nodes, flows),
  };
}

function readFlow(el: ModdleElement, parent: string | null, nodes: Map<string, GraphNode>, rc: ReadContext, index: number): Flow {
  const source = (el.sourceRef as ModdleElement | undefined)?.id;
  const target = (el.targetRef as ModdleElement | undefined)?.id;
  // Flowable accepts flows without an id; they get a stable one from their ends.
  const id = el.id ?? `flow_${source}_${target}_${index}`;
  for (const [end, ref] of [
    ['sourceRef', source],
    ['targetRef', target],
  ] as const) {
    const node = ref === undefined ? undefined : nodes.get(ref);
    if (!node) throw new ModelError(`顺序流 ${id} 的 ${end} 指向不存在或不支持的节点`, id, el.$type);
    if (node.parent !== parent) throw new ModelError(`顺序流 ${id} 跨越了子流程边界`, id, el.$type);
  }
  const cond = el.conditionExpression as ModdleElement | undefined;
  const text = typeof cond?.body === 'string' ? cond.body.trim() : '';
  const language = typeof cond?.language === 'string' ? cond.language.toLowerCase() : '';
  if (text && language && !['juel', 'uel', 'el', 'http://www.w3.org/1999/xpath'].includes(language)) {
    throw unsupported(el, `条件语言 ${cond!.language}`);
  }
  const condition = text ? expr(text, id, rc, el) : null;
  // Refuse at deploy a condition that cannot possibly yield a boolean (a plain word, say).
  if (condition?.constant && !/^(true|false)$/i.test(text)) throw new ModelError(`条件 ${text} 不是布尔表达式 (${id})`, id, el.$type);
  return { id, source: source!, target: target!, name: (el.name as string) || null, condition };
}

function linkDefaults(container: ModdleElement, nodes: Map<string, GraphNode>, flows: Map<string, Flow>): void {
  const walk: ModdleElement[] = [container];
  while (walk.length) {
    const c = walk.pop()!;
    for (const el of (c.flowElements as ModdleElement[] | undefined) ?? []) {
      if (el.$type === 'bpmn:SubProcess') walk.push(el);
      const def = el.default as ModdleElement | undefined;
      if (!def || !el.id || !nodes.has(el.id)) continue;
      const node = nodes.get(el.id)!;
      const flowId = def.id;
      if (!flowId || !flows.has(flowId) || flows.get(flowId)!.source !== node.id) {
        throw new ModelError(`${node.id} 的默认顺序流 ${flowId ?? '?'} 不是它的出口`, node.id, el.$type);
      }
      node.defaultFlow = flowId;
    }
  }
}

function warnExtensions(el: ModdleElement, rc: ReadContext): void {
  for (const ext of rc.attrs.extensions(el)) {
    if (!rc.attrs.isVendor(ext.uri) || SILENT_EXTENSIONS.has(ext.local)) continue;
    const used =
      (el.$type === 'bpmn:CallActivity' && (ext.local === 'in' || ext.local === 'out')) ||
      (el.$type === 'bpmn:ServiceTask' && ext.local === 'field');
    if (!used) rc.warn(el, `${el.id ?? el.$type} 的扩展元素 ${ext.type} 不会被执行`);
  }
}
