import type { Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import { type ComponentType, type ReactNode, Suspense, use } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageLoading } from '../app/page-loading.tsx';
import { ResourcePage } from '../crud/resource-page.tsx';
import { listedResources } from '../shell/menu.ts';
import { screenOverrides } from './overrides.ts';
import { loadSystemTexts } from './shared/texts.ts';

/** A special screen, once the system texts it shows are loaded. */
function WithTexts({ Screen, resource }: { Screen: ComponentType<{ resource: Resource }>; resource: Resource }) {
  use(loadSystemTexts());
  return <Screen resource={resource} />;
}

/**
 * /system/:name → the resource's screen (its override if it has one). A resource without
 * conventional list routes (users, the password policy) opens through its override. Other names →
 * `fallback` (the shell's menu route: a menu path with a numbered suffix), else 404.
 */
export function ResourceRoute({ fallback }: { fallback?: ReactNode }) {
  const { name = '' } = useParams();
  const Special = screenOverrides[name];
  const resource = Special ? resourceByName.get(name) : listedResources.find((r) => r.name === name);
  if (!resource) return fallback ?? <Navigate to="/404" replace />;
  if (!Special) return <ResourcePage key={resource.name} resource={resource} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <WithTexts key={resource.name} Screen={Special} resource={resource} />
    </Suspense>
  );
}
