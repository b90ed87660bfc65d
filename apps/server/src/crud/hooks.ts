import type { Queryable, Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import type { Scope } from '../core/caller.ts';
import type { AppContext } from '../core/context.ts';
import type { ParamStore } from '../core/param-store.ts';

export type WriteContext = {
  db: Queryable;
  resource: Resource;
  scope: Scope;
  mode: 'create' | 'update';
  existing: Row | null;
  /** The tenant the row belongs to (the platform administrator may write another tenant's rows). */
  tenantId: string;
  /** Parameters (initial password…) a hook may read: pass `db`, the hook runs inside the write's transaction. */
  params: ParamStore;
};

/**
 * A resource's own logic beside the engine: adjust values before a write, add extra calls. The
 * extra calls are registered in the resource's own route context, so they may only use its API
 * path (or one no resource claims); the app refuses to boot otherwise.
 */
export type ResourceHooks = {
  beforeWrite?(ctx: WriteContext, values: Record<string, unknown>): Promise<void>;
  /** Runs in the removal's transaction once the rows are removed (a tenant takes its rows with it); a throw undoes it. */
  afterRemove?(ctx: { db: Queryable; scope: Scope; ids: string[] }): Promise<void>;
  routes?(app: FastifyInstance, r: Resource, ctx: AppContext): void;
  /**
   * What `remove` deletes when the resource names its rows otherwise too (the region's `id=`, a
   * code): the row ids, or undefined to read `ids` as usual. `docs` replaces the call's query schema.
   */
  removeTargets?: { docs: object; resolve(db: Queryable, scope: Scope, params: Record<string, unknown>): Promise<string[] | undefined> };
};
