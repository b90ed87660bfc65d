import { tenant } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { tenantModeOn } from '../api/request.ts';
import { getUserInfo } from '../api/session.ts';
import { fetchList, rowsOf } from './crud-api.ts';

const PLATFORM_TENANT = '000000';

/**
 * The platform administrator (the administrator role of the platform tenant) reads and writes
 * every tenant's rows; the server decides that from the live grants, the screens only show the
 * tenant beside such rows and ask for it on a new one — with tenants on only: without them
 * (TENANT_MODE off) everyone signs in to one tenant, and no screen names one.
 */
export function crossesTenants(): boolean {
  const info = getUserInfo();
  return (
    tenantModeOn() &&
    info?.tenant_id === PLATFORM_TENANT &&
    String(info.role_name ?? '')
      .split(',')
      .includes('administrator')
  );
}

export type TenantOption = { value: string; label: string; title: string };

/** The tenants a cross-tenant caller may pick (code → 「name (code)」), loaded once per session. */
export function useTenantOptions(enabled: boolean): TenantOption[] {
  const { data } = useQuery({
    queryKey: ['tenant-options'],
    enabled,
    staleTime: 60_000,
    queryFn: async () =>
      rowsOf(await fetchList(tenant.api, { size: -1 })).map((row) => {
        const label = `${String(row.tenantName ?? '')} (${String(row.tenantId)})`;
        return { value: String(row.tenantId), label, title: label };
      }),
  });
  return useMemo(() => data ?? [], [data]);
}

/** A tenant code's label among the options; the code itself for a tenant no longer listed. */
export function tenantLabel(options: TenantOption[], code: unknown): string {
  const c = String(code ?? '');
  return options.find((o) => o.value === c)?.label ?? c;
}
