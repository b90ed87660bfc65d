import { queryRunScreen } from '@civdesk/resources';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The run page, a chunk of its own (registered by path in app/screen-components.ts).
export const queryScreenPages: Record<string, LazyExoticComponent<ComponentType>> = {
  [queryRunScreen.menu.path]: lazy(() => import('./run-page.tsx').then((m) => ({ default: m.QueryRunPage }))),
};
