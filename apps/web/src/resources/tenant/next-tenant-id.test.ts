import { describe, expect, it } from 'vitest';
import { nextTenantId } from './next-tenant-id.ts';

describe('nextTenantId', () => {
  it('offers one above the highest six-digit code, ignoring others', () => {
    expect(nextTenantId(['000000', '100001', '100007', 'T90001'])).toBe('100008');
    expect(nextTenantId(['000000'])).toBe('100001');
    expect(nextTenantId(['999999'])).toBe('');
  });
});
