/**
 * The 租户ID a new tenant is offered: one above the highest six-digit code in use (000000 is the
 * platform, demo tenants count from 100001), kept at six digits; the user may type another.
 */
export function nextTenantId(codes: string[]): string {
  const numbers = codes.filter((c) => /^\d{6}$/.test(c)).map(Number);
  const next = Math.max(100000, ...numbers) + 1;
  return next > 999999 ? '' : String(next).padStart(6, '0');
}
