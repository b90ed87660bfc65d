import { beforeEach, describe, expect, it } from 'vitest';
import { loadWebConfig, resetWebConfig } from '../api/request.ts';
import { saveSession, type TokenAnswer } from '../api/session.ts';
import { ok, on, stubNetwork, webConfig } from '../test/http-stub.ts';
import { crossesTenants } from './tenant-scope.ts';

// The platform administrator's forms ask for the tenant (所属租户) only where tenants are on.
const signedIn = (tenantId: string, roles: string) =>
  saveSession({
    access_token: 'a',
    refresh_token: 'r',
    tenant_id: tenantId,
    user_id: '1',
    role_name: roles,
    account: 'admin',
  } as TokenAnswer);

const withTenantMode = async (tenantMode: boolean) => {
  resetWebConfig();
  stubNetwork([on('GET', '/api/civdesk/web-config', ok({ ...webConfig, tenantMode }))]);
  await loadWebConfig();
};

beforeEach(() => localStorage.clear());

describe('the tenant in forms and lists', () => {
  it("is the platform administrator's with tenants on", async () => {
    await withTenantMode(true);
    signedIn('000000', 'administrator');
    expect(crossesTenants()).toBe(true);
  });

  it('is nobody’s with tenants off (TENANT_MODE=false)', async () => {
    await withTenantMode(false);
    signedIn('000000', 'administrator');
    expect(crossesTenants()).toBe(false);
  });

  it("is never a tenant's own administrator's", async () => {
    await withTenantMode(true);
    signedIn('100001', 'administrator');
    expect(crossesTenants()).toBe(false);
    signedIn('000000', 'admin');
    expect(crossesTenants()).toBe(false);
  });
});
