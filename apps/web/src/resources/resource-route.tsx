import { hasListRoutes, type Resource } from '@civdesk/meta';
import { resourceByPath } from '@civdesk/resources';
import { type ComponentType, type ReactNode, Suspense, use } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../app/page-loading.tsx';
import { ResourcePage } from '../crud/resource-page.tsx';
import { screenOverrides } from './overrides.ts';
import { loadSystemTexts } from './shared/texts.ts';

/** A special screen, once the system texts it shows are loaded. */
function WithTexts({ Screen, resource }: { Screen: ComponentType<{ resource: Resource }>; resource: Resource }) {
  use(loadSystemTexts());
  return <Screen resource={resource} />;
}

/**
 * Whether a resource has a screen: an override, or the generic list when it has list routes (users
 * and the password policy have none and open through their overrides).
 */
export const hasScreen = (r: Resource) => Boolean(screenOverrides[r.name]) || hasListRoutes(r);

/** A resource's screen: its override (once the system texts are in), else the generic list. */
export function ResourceScreen({ resource }: { resource: Resource }) {
  const Special = screenOverrides[resource.name];
  if (!Special) return <ResourcePage resource={resource} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <WithTexts Screen={Special} resource={resource} />
    </Suspense>
  );
}

/**
 * The screen at a path its resource's definition declares (`menu.path`, e.g. /system/post), so a
 * resource in any menu group opens with no route written for it. Other paths → `fallback` (the
 * shell's menu route: a menu path with a numbered suffix, a frame page), else 404. `screens` is
 * the path → resource table (the registry's; tests pass their own).
 */
export function ResourceRoute({ fallback, screens = resourceByPath }: { fallback?: ReactNode; screens?: ReadonlyMap<string, Resource> }) {
  const { pathname } = useLocation();
  const resource = screens.get(pathname.replace(/\/+$/, '')); // a trailing slash opens the same screen
  if (!resource || !hasScreen(resource)) return fallback ?? <Navigate to="/404" replace />;
  return <ResourceScreen key={resource.name} resource={resource} />;
}
