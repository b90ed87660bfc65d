import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The forms screens' pages, each its own chunk (registered in app/screen-components.ts): the
// designer loads only when its screen opens.
export const formScreenPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/matter/form-designer': lazy(() => import('./designer-page.tsx').then((m) => ({ default: m.FormDesignerPage }))),
};
