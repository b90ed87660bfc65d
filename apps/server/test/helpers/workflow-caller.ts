import { type Caller, noGrants } from '../../src/core/caller.ts';

/**
 * A signed-in user as the task commands see it, for driving them without HTTP: no roles, no
 * departments, no grants (the commands check the user id against the task's assignee and candidates).
 */
export function workflowCaller(userId: string, tenantId = '100001'): Caller {
  return {
    userId,
    tenantId,
    account: `u${userId}`,
    userName: `u${userId}`,
    deptId: '0',
    deptIds: [],
    roleIds: [],
    roleAliases: [],
    clientId: '',
    sessionId: '',
    platformAdmin: false,
    grants: noGrants,
  };
}
