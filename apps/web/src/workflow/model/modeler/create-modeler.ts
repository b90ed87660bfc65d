// The modeler and everything it needs, in one chunk loaded only by the design page.
import '@bpmn-io/properties-panel/dist/assets/properties-panel.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js-bpmnlint/dist/assets/css/bpmn-js-bpmnlint.css';
import BpmnModeler from 'bpmn-js/lib/Modeler';
import lintModule from 'bpmn-js-bpmnlint';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule, CamundaPlatformPropertiesProviderModule } from 'bpmn-js-properties-panel';
import camundaBehaviors from 'camunda-bpmn-js-behaviors/lib/camunda-platform';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import { FONT_STACK } from '../../../app/theme.ts';
import { errorCount, lintConfig } from './lint-config.ts';
import { padClickModule } from './pad-click.ts';
import { translateModule } from './translate.ts';

type Issues = Record<string, { category: string }[]>;
type Linting = { lint(): Promise<Issues>; toggle(active?: boolean): void; isActive(): boolean };
type Element = { id: string; type: string; businessObject: { id: string; name?: string } };
type Modeling = { updateProperties(e: Element, props: Record<string, unknown>): void };

/** The editor as the design page uses it. */
export type ModelerHandle = {
  open(xml: string): Promise<void>;
  xml(): Promise<string>;
  /** Runs the lint rules, marks the problems on the diagram and answers how many are errors. */
  lint(): Promise<number>;
  /** The process keeps the model's key as its id and the model's name (the key a deployment carries). */
  name(key: string, name: string): void;
  destroy(): void;
};

/**
 * A BPMN modeler with the properties panel for the Camunda/Flowable attributes the engine reads
 * (assignee, candidates, conditions, timers, multi-instance, form key), its texts in the app's
 * language, and lint on demand.
 */
export function createModeler(container: HTMLElement, panel: HTMLElement, lang: 'zh' | 'en'): ModelerHandle {
  const modeler = new BpmnModeler({
    container,
    propertiesPanel: { parent: panel },
    linting: { bpmnlint: lintConfig, active: false },
    // Labels in the app's fonts: the default (Arial) has no Chinese.
    textRenderer: { defaultStyle: { fontFamily: FONT_STACK }, externalStyle: { fontFamily: FONT_STACK } },
    additionalModules: [
      BpmnPropertiesPanelModule,
      BpmnPropertiesProviderModule,
      CamundaPlatformPropertiesProviderModule,
      camundaBehaviors,
      lintModule,
      translateModule(lang),
      padClickModule,
    ],
    moddleExtensions: { camunda: camundaModdle },
  } as ConstructorParameters<typeof BpmnModeler>[0]);
  const get = <T>(name: string) => modeler.get(name) as T;
  return {
    async open(xml) {
      await modeler.importXML(xml);
      // The whole diagram in view, but never enlarged (a new model's lone start event would fill it).
      const canvas = get<{ zoom(v?: string | number, at?: string): number }>('canvas');
      canvas.zoom('fit-viewport', 'auto');
      if (canvas.zoom() > 1) canvas.zoom(1, 'auto');
    },
    async xml() {
      return (await modeler.saveXML({ format: true })).xml ?? '';
    },
    async lint() {
      const linting = get<Linting>('linting');
      if (!linting.isActive()) linting.toggle(true);
      return errorCount(await linting.lint());
    },
    name(key, name) {
      const root = get<{ getRootElement(): Element }>('canvas').getRootElement();
      if (root.type !== 'bpmn:Process') return;
      if (root.businessObject.id !== key || root.businessObject.name !== name)
        get<Modeling>('modeling').updateProperties(root, { id: key, name });
    },
    destroy() {
      modeler.destroy();
    },
  };
}
