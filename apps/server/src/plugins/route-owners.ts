import type { Resource } from '@civdesk/meta';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** Who registers a route: the engine and hooks of one resource, or a module (an area that is not a resource). */
export type RouteOwner = { resource: string } | { module: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on the route context of one resource or module (`owned`); read when its routes are registered. */
    routeOwner?: RouteOwner;
  }
}

/** The resource whose API path a URL lies under (the longest such path), if any. */
export function resourceAt(resources: readonly Resource[], url: string): Resource | undefined {
  let home: Resource | undefined;
  for (const r of resources) {
    if ((url === r.api || url.startsWith(`${r.api}/`)) && (!home || r.api.length > home.api.length)) home = r;
  }
  return home;
}

const nameOf = (o: RouteOwner | undefined) =>
  !o ? 'outside any resource or module' : 'resource' in o ? `resource ${o.resource}` : `module ${o.module}`;

/** Why a route may not be registered by this owner, or null: a resource's API path belongs to that resource alone. */
export function misplaced(resources: readonly Resource[], url: string, owner: RouteOwner | undefined): string | null {
  const home = resourceAt(resources, url);
  if (!home || (owner && 'resource' in owner && owner.resource === home.name)) return null;
  return `route ${url} lies under the API path of resource ${home.name} but is registered by ${nameOf(owner)}: register it from that resource's hooks`;
}

/** A route context whose routes are recorded as this owner's. */
export function owned(owner: RouteOwner, register: (app: FastifyInstance) => void | Promise<void>): FastifyPluginAsync {
  return async (scoped) => {
    scoped.decorate('routeOwner', { getter: () => owner });
    await register(scoped);
  };
}

/**
 * Every route under a resource's API path is registered by that resource (the engine or its
 * hooks, from `resources/<name>/`), never by a module or another resource: the app refuses to
 * boot otherwise, so a newcomer finds a resource's every call in one folder.
 */
export function registerRouteOwners(app: FastifyInstance, resources: readonly Resource[]) {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    if (!route.url.startsWith('/api/')) return;
    const why = misplaced(resources, route.url, this.routeOwner);
    if (why) throw new Error(why);
  });
}
