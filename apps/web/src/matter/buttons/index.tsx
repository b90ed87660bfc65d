import type { Label } from '@civdesk/meta';
import type { ReactNode } from 'react';
import { ElementMethodScreen } from './element-method-screen.tsx';
import { LocalButtonScreen } from './local-button-screen.tsx';
import { StepButtonsPanel, StepPermissionsPanel, StepSigningPanel } from './step-panels.tsx';
import { texts } from './text.ts';

/**
 * The per-step panels a step editor mounts as tabs: `label` in both languages (pick with the
 * current one), `render(elementId)` the panel of that step (mat-wf-element id).
 */
export type StepConfigTab = { key: string; label: Label; render: (elementId: string) => ReactNode };

export const stepConfigTabs: StepConfigTab[] = [
  { key: 'buttons', label: texts.stepButtons, render: (elementId) => <StepButtonsPanel key={elementId} elementId={elementId} /> },
  { key: 'signing', label: texts.stepSigning, render: (elementId) => <StepSigningPanel key={elementId} elementId={elementId} /> },
  { key: 'rights', label: texts.stepRights, render: (elementId) => <StepPermissionsPanel key={elementId} elementId={elementId} /> },
];

/** This area's screens that replace the generic list (registered in resources/overrides.ts). */
export const matterButtonsOverrides = {
  'mat-wf-local-button': LocalButtonScreen,
  'mat-wf-element-method': ElementMethodScreen,
};
