import type { Resource } from '@civdesk/meta';
import type { ComponentType } from 'react';
import { matterButtonsOverrides, stepConfigTabs } from './buttons/index.tsx';
import { MatterScreen } from './catalogue/matter-screen.tsx';
import { registerStepTab } from './flow/step-tabs.ts';
import { MatWfVersionScreen } from './flow/version-screen.tsx';
import { PrintTemplateScreen } from './materials/print-template-screen.tsx';

// The step editor (flow) shows the buttons part's per-step panels; a step gets them once saved.
for (const [i, tab] of stepConfigTabs.entries()) {
  registerStepTab({ key: tab.key, label: tab.label, order: 10 + i, render: (ctx) => (ctx.elementId ? tab.render(ctx.elementId) : null) });
}

/** The matter domain's own screens for its resources, by resource name (one chunk, loaded with the domain). */
export const screens: Record<string, ComponentType<{ resource: Resource }>> = {
  'mat-int-element': MatterScreen,
  'mat-print-template': PrintTemplateScreen,
  'mat-wf-version': MatWfVersionScreen,
  ...matterButtonsOverrides,
};
