import { authLog, menu, pwStrategy, tenant, user } from '@civdesk/resources';
import { describe, expect, it } from 'vitest';
import { ALL_TENANTS, sqlOf } from './table-sql.ts';

describe('sqlOf: the names a hand-written statement uses, from the definition', () => {
  it('names the table and columns, qualified by the alias when one is given', () => {
    expect(sqlOf(user).table).toBe('"blade_user"');
    expect(sqlOf(user, 'u').table).toBe('"blade_user" u');
    expect(sqlOf(user, 'u').c.lastUppasswdTime).toBe('u."last_uppasswd_time"');
    expect(sqlOf(user).c.account).toBe('"account"');
    // A field whose column is not the snake_case of its key.
    expect(sqlOf(tenant, 't').c.tenantId).toBe('t."tenant_id"');
  });

  it('refuses a field the definition does not have: at compile time, and at run time for untyped callers', () => {
    // @ts-expect-error: a renamed or misspelt field does not compile
    expect(() => sqlOf(user).c.noSuchField).toThrow('user has no field noSuchField');
  });

  it('live rows of a tenant resource need a tenant: a statement cannot forget it', () => {
    const u = sqlOf(user, 'u');
    expect(() => u.live()).toThrow(/which tenant/);
    expect(u.live('$1')).toBe('u."is_deleted" = 0 and u."tenant_id" = $1');
    expect(u.live(ALL_TENANTS)).toBe('u."is_deleted" = 0');
    expect(u.tenant('s.tenant_id')).toBe('u."tenant_id" = s.tenant_id');
  });

  it('the tenant table filters on its code; shared data takes no tenant; no soft delete, no live condition', () => {
    expect(sqlOf(tenant).live('$1')).toBe('"is_deleted" = 0 and "tenant_id" = $1');
    expect(sqlOf(menu, 'm').live()).toBe('m."is_deleted" = 0');
    expect(() => sqlOf(menu).live('$1')).toThrow(/shared/);
    expect(() => sqlOf(menu).tenant('$1')).toThrow(/shared/);
    expect(sqlOf(pwStrategy).live('$1')).toBe('"tenant_id" = $1');
    expect(sqlOf(authLog).live(ALL_TENANTS)).toBe('true');
  });
});
