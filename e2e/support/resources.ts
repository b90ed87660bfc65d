import { hasListRoutes, type Resource } from '@civdesk/meta';
import { registry } from '@civdesk/resources';
import { DEMO_TENANT, PLATFORM_ADMIN } from './accounts.ts';

// Which resources the generic screen tests walk, as whom, and where the checks every screen shares
// run. Taken from the registry, so a new resource is covered the moment it is registered.

/** Screens that are not one generic list, walked by a test of their own instead (the file named). */
export const ownWalks: Readonly<Record<string, string>> = {
  dict: 'system-dict.e2e.ts',
  'dict-biz': 'system-dict.e2e.ts',
  // One configuration per step of a version (and one condition per flow): rows are made in the step editor.
  'mat-wf-element': 'matter-flow.e2e.ts',
  'mat-wf-element-transactor': 'matter-flow.e2e.ts',
  'mat-wf-element-gateway-condition': 'matter-flow.e2e.ts',
  // One version per matter and date: rows on the seeded matters would collide, the walk adds its own matter.
  'mat-wf-version': 'matter-flow.e2e.ts',
  // Saving a step hook needs an allow-listed host (a platform parameter the walk sets first).
  'mat-wf-element-method': 'matter-buttons.e2e.ts',
  // A template's columns and filters belong to the data it picks: the walk's sample would not fit.
  'export-template': 'export.e2e.ts',
};

/**
 * Values the walk's extra API row needs when it takes the searched choice's second option: a field
 * whose meaning follows that choice. A matter scope (scopeType 2) names a demo matter, not the form
 * the field's example names.
 */
export const otherRowValues: Readonly<Record<string, Record<string, unknown>>> = {
  'mat-int-scope': { targetId: '1901000000000000001' },
};

/** Resources that have a list screen in the menu (the rule the seeded menu and the router share). */
export const listedResources: Resource[] = registry.filter((r) => r.menu && hasListRoutes(r) && !ownWalks[r.name]);

/** Where a resource's screen opens, as its definition declares it. */
export const screenPath = (r: Resource) => (r.menu ? r.menu.path : `/system/${r.name}`);

/** Shared reference data is edited by the platform tenant; tenant data by a tenant's own administrator. */
export const ownerOf = (r: Resource): [string, string, string] =>
  r.tenant ? ['admin', 'admin', DEMO_TENANT] : [PLATFORM_ADMIN.account, PLATFORM_ADMIN.password, PLATFORM_ADMIN.tenantId];

/** Rows can be added and edited (the API has `submit`); read-only lists (records, logs) cannot. */
export const canSubmit = (r: Resource) => r.routes.includes('submit');
export const canRemove = (r: Resource) => r.routes.includes('remove');

const firstFlat = listedResources.find((r) => !r.tree && canSubmit(r));
const firstTree = listedResources.find((r) => r.tree && canSubmit(r));
const firstReadOnly = listedResources.find((r) => !canSubmit(r));
const names = (...rs: (Resource | undefined)[]) => new Set(rs.flatMap((r) => (r ? [r.name] : [])));

/**
 * Checks of behaviour every screen shares (page sizes, the empty-selection warning, the dialog's
 * mask) run on representative screens only: the first flat and the first tree resource of the
 * registry; the language switch also on the first read-only list (its toolbar differs).
 */
export const sharedChecksOn: ReadonlySet<string> = names(firstFlat, firstTree);
export const languageChecksOn: ReadonlySet<string> = names(firstFlat, firstTree, firstReadOnly);

/** Required fields a screen fills in itself on a new row (the next free 租户ID): no required message for them. */
export const proposedOnAdd: Readonly<Record<string, string[]>> = { tenant: ['tenantId'] };
