// Type stand-ins for the modeler's plug-ins that ship no declarations (used only through bpmn-js' module system).
declare module 'bpmnlint' {
  export class Linter {
    constructor(config: { config: unknown; resolver: unknown });
    lint(definitions: unknown): Promise<Record<string, { id: string; message: string; category: string }[]>>;
  }
}
declare module 'bpmnlint/lib/resolver/static-resolver' {
  export default class StaticResolver {
    constructor(cache: Record<string, unknown>);
  }
}
declare module 'bpmnlint/rules/*' {
  const rule: unknown;
  export default rule;
}
declare module 'bpmn-js-bpmnlint' {
  const module: unknown;
  export default module;
}
declare module 'bpmn-js-properties-panel' {
  export const BpmnPropertiesPanelModule: unknown;
  export const BpmnPropertiesProviderModule: unknown;
  export const CamundaPlatformPropertiesProviderModule: unknown;
}
declare module 'camunda-bpmn-js-behaviors/lib/camunda-platform' {
  const module: unknown;
  export default module;
}
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: unknown }>;
  }
}
