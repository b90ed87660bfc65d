/** The platform tenant: its administrators manage shared data and may act across tenants. */
export const PLATFORM_TENANT = '000000';

/** One data-scope rule granted to a caller's roles, compiled by crud/data-scope.ts. */
export type DataScopeRule = { type: number; column: string | null; value: string | null };

/** What the caller's roles are granted, loaded per request (cached briefly) from the grant tables. */
export type Grants = {
  /** The platform administrator: every permission, no data scope. */
  all: boolean;
  /** Menu and button codes. */
  codes: ReadonlySet<string>;
  /** API scopes: codes and call paths they open. */
  apiCodes: ReadonlySet<string>;
  apiPaths: readonly string[];
  /** Resource name → data-scope rules (several rules widen each other). */
  dataScopes: ReadonlyMap<string, DataScopeRule[]>;
};

/** Who is calling: from a verified token, checked against its live session and the user's current roles. */
export type Caller = {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  deptId: string;
  deptIds: string[];
  roleIds: string[];
  roleAliases: string[];
  clientId: string;
  sessionId: string;
  /** The administrator of the platform tenant: acts across tenants. */
  platformAdmin: boolean;
  grants: Grants;
};

export const noGrants: Grants = { all: false, codes: new Set(), apiCodes: new Set(), apiPaths: [], dataScopes: new Map() };

/** The server acting for itself (seeding, the command line): every grant, one tenant. */
export function systemCaller(tenantId: string, userId = '0', deptId = '0'): Caller {
  return {
    userId,
    tenantId,
    account: 'system',
    userName: 'system',
    deptId,
    deptIds: [deptId],
    roleIds: [],
    roleAliases: [],
    clientId: '',
    sessionId: '',
    platformAdmin: false,
    grants: { ...noGrants, all: true },
  };
}

/** Who asks and how dates read: every repository call takes one; the auth hook puts one on each request. */
export type Scope = { caller: Caller; tz: string };
