import { screenByPath } from '@civdesk/resources';
import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from './page-loading.tsx';
import { screenComponents } from './screen-components.ts';

/**
 * The page of the declared screen at this path (a work list, the modeler …); any other path goes
 * to `fallback` (a resource's screen, a menu route). `pages` is the path → page table (tests pass
 * their own).
 */
export function ScreenRoute({
  fallback,
  pages = screenComponents,
}: {
  fallback: ReactNode;
  pages?: Record<string, LazyExoticComponent<ComponentType> | ComponentType>;
}) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const Page = pages[path];
  if (!Page || (pages === screenComponents && !screenByPath.has(path))) return fallback;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page key={path} />
    </Suspense>
  );
}

// The workflow's pages opened from a list (not the menu) load with this chunk's import (one import site in the router).
export { WorkflowRoutes } from '../workflow/routes.tsx';
