import { ProFormSelect } from '@ant-design/pro-components';
import type { TenantOption } from './tenant-scope.ts';

/** The first field of a tenant resource's form for a cross-tenant caller: which tenant the row is in. */
export function TenantField(p: {
  label: string;
  required: string;
  disabled: boolean;
  options: TenantOption[];
  onChange: (v: string) => void;
}) {
  return (
    <ProFormSelect
      name="tenantId"
      label={p.label}
      disabled={p.disabled}
      required={!p.disabled}
      rules={p.disabled ? [] : [{ required: true, message: p.required }]}
      options={p.options}
      colProps={{ xs: 24, md: 12 }}
      fieldProps={{
        ...({ 'data-testid': 'field-tenantId' } as object),
        showSearch: true,
        optionFilterProp: 'label',
        onChange: (v: unknown) => p.onChange(String(v ?? '')),
      }}
    />
  );
}
