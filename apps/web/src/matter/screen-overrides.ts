import type { Resource } from '@civdesk/meta';
import type { ComponentType } from 'react';
import { MatterScreen } from './catalogue/matter-screen.tsx';
import { ServiceInfoScreen } from './catalogue/service-info-screen.tsx';
import { MatWfVersionScreen } from './flow/version-screen.tsx';
import { PrintTemplateScreen } from './materials/print-template-screen.tsx';

/** The matter domain's own screens for its resources, by resource name (one chunk, loaded with the domain). */
export const screens: Record<string, ComponentType<{ resource: Resource }>> = {
  'mat-int-element': MatterScreen,
  'mat-int-service-info': ServiceInfoScreen,
  'mat-print-template': PrintTemplateScreen,
  'mat-wf-version': MatWfVersionScreen,
};
