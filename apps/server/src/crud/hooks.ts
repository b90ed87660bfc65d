import type { Db, Queryable, Row } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import type { FastifyInstance } from 'fastify';
import type { Scope } from './scope.ts';

export type WriteContext = {
  db: Queryable;
  resource: Resource;
  scope: Scope;
  mode: 'create' | 'update';
  existing: Row | null;
  /** The tenant the row belongs to (the platform administrator may write another tenant's rows). */
  tenantId: string;
};

export type RouteDeps = { db: Db; tz: string };

/** A resource's own logic beside the engine: adjust values before a write, add extra calls. */
export type ResourceHooks = {
  beforeWrite?(ctx: WriteContext, values: Record<string, unknown>): Promise<void>;
  routes?(app: FastifyInstance, r: Resource, deps: RouteDeps): void;
};
