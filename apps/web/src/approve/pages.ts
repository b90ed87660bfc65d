import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The approval pages, one chunk apart from the shell's bundle (screens.tsx): the four
// menu screens by path (registered in app/screen-components.ts) and the detail pages a list opens
// (registered by pattern in workflow/routes.tsx, the shell's table of non-menu routes).

// biome-ignore lint/suspicious/noExplicitAny: any page module, its export picked by name
function page<T extends Record<string, any>>(load: () => Promise<T>, name: keyof T): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

const screens = () => import('./screens.tsx');

export const approveScreenPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/matters/launch': page(screens, 'LaunchPage'),
  '/matters/todo': page(screens, 'TodoMattersPage'),
  '/matters/done': page(screens, 'DoneMattersPage'),
  '/matters/finish': page(screens, 'FinishMattersPage'),
};

export const launchDetailPage = page(screens, 'LaunchDetailPage');
export const handlePage = page(screens, 'HandlePage');
export const readOnlyHandlePage = page(screens, 'HandleDetailPage');
