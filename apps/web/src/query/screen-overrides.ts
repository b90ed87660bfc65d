import type { Resource } from '@civdesk/meta';
import type { ComponentType } from 'react';
import { QueryListScreen } from './query-list-screen.tsx';
import { ReportTemplateScreen } from './report-screen.tsx';

/** The custom-query domain's own screens for its resources (one chunk, loaded with the domain). */
export const screens: Record<string, ComponentType<{ resource: Resource }>> = {
  'bms-query-list': QueryListScreen,
  'report-template': ReportTemplateScreen,
};
