// The lint rules checked on save, imported here so the bundle carries them (nothing is fetched
// at run time). bpmnlint's recommended set, adjusted to the engine: inclusive gateways are
// supported, complex gateways are not; names are recommended, not required.
import StaticResolver from 'bpmnlint/lib/resolver/static-resolver';
import conditionalFlows from 'bpmnlint/rules/conditional-flows';
import endEventRequired from 'bpmnlint/rules/end-event-required';
import eventBasedGateway from 'bpmnlint/rules/event-based-gateway';
import fakeJoin from 'bpmnlint/rules/fake-join';
import labelRequired from 'bpmnlint/rules/label-required';
import noComplexGateway from 'bpmnlint/rules/no-complex-gateway';
import noDisconnected from 'bpmnlint/rules/no-disconnected';
import noDuplicateSequenceFlows from 'bpmnlint/rules/no-duplicate-sequence-flows';
import noGatewayJoinFork from 'bpmnlint/rules/no-gateway-join-fork';
import noImplicitEnd from 'bpmnlint/rules/no-implicit-end';
import noImplicitSplit from 'bpmnlint/rules/no-implicit-split';
import noImplicitStart from 'bpmnlint/rules/no-implicit-start';
import noOverlappingElements from 'bpmnlint/rules/no-overlapping-elements';
import singleBlankStartEvent from 'bpmnlint/rules/single-blank-start-event';
import singleEventDefinition from 'bpmnlint/rules/single-event-definition';
import startEventRequired from 'bpmnlint/rules/start-event-required';
import subProcessBlankStartEvent from 'bpmnlint/rules/sub-process-blank-start-event';
import superfluousGateway from 'bpmnlint/rules/superfluous-gateway';

const rules = {
  'conditional-flows': ['error', conditionalFlows],
  'end-event-required': ['error', endEventRequired],
  'event-based-gateway': ['error', eventBasedGateway],
  'fake-join': ['warn', fakeJoin],
  'label-required': ['warn', labelRequired],
  'no-complex-gateway': ['error', noComplexGateway],
  'no-disconnected': ['error', noDisconnected],
  'no-duplicate-sequence-flows': ['error', noDuplicateSequenceFlows],
  'no-gateway-join-fork': ['warn', noGatewayJoinFork],
  'no-implicit-end': ['error', noImplicitEnd],
  'no-implicit-split': ['error', noImplicitSplit],
  'no-implicit-start': ['error', noImplicitStart],
  'no-overlapping-elements': ['warn', noOverlappingElements],
  'single-blank-start-event': ['error', singleBlankStartEvent],
  'single-event-definition': ['error', singleEventDefinition],
  'start-event-required': ['error', startEventRequired],
  'sub-process-blank-start-event': ['error', subProcessBlankStartEvent],
  'superfluous-gateway': ['warn', superfluousGateway],
} as const;

/** `{config, resolver}` as bpmn-js-bpmnlint takes it (the shape bpmnlint's bundler plugins produce). */
export const lintConfig = {
  config: { rules: Object.fromEntries(Object.entries(rules).map(([name, [level]]) => [name, level])) },
  resolver: new StaticResolver(Object.fromEntries(Object.entries(rules).map(([name, [, rule]]) => [`rule:bpmnlint/${name}`, rule]))),
};

/** How many errors (not warnings) a lint run found: `{elementId: [{category, message}]}`. */
export function errorCount(issues: Record<string, { category: string }[]>): number {
  return Object.values(issues)
    .flat()
    .filter((i) => i.category === 'error').length;
}
