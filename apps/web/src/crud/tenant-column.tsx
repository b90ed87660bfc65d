import type { ProColumns } from '@ant-design/pro-components';
import type { Resource } from '@civdesk/meta';
import type { Row } from './crud-api.ts';
import { crossesTenants, type TenantOption, tenantLabel, useTenantOptions } from './tenant-scope.ts';

/** The tenants to label rows with, when the caller's list of a tenant resource crosses tenants; else undefined. */
export function useTenantColumn(r: Resource): TenantOption[] | undefined {
  const cross = r.tenant && crossesTenants();
  const options = useTenantOptions(cross);
  return cross ? options : undefined;
}

/** 所属租户: the row's tenant by name, and a search select (sent as `tenantId_equal`). */
export function tenantColumn(title: string, options: TenantOption[]): ProColumns<Row> {
  return {
    title,
    dataIndex: 'tenantId',
    key: 'tenantId',
    valueType: 'select',
    fieldProps: { options, showSearch: true, optionFilterProp: 'label', 'data-testid': 'search-tenantId' },
    render: (_, row) => <span data-testid={`tenant-${row.id}`}>{tenantLabel(options, row.tenantId)}</span>,
  };
}
