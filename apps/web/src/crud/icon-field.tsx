import { ProFormSelect } from '@ant-design/pro-components';
import { MENU_ICONS } from '../icons/menu-icons.ts';

const options = Object.entries(MENU_ICONS).map(([name, Icon]) => ({
  value: name,
  title: name,
  label: (
    <span data-icon={name}>
      <Icon /> {name}
    </span>
  ),
}));

/** An icon picker: each choice shows the icon beside its name; typing filters by name. */
export function IconField(p: {
  name: string;
  label: string;
  disabled: boolean;
  required: boolean;
  rules: object[];
  span: number;
  testId: string;
}) {
  return (
    <ProFormSelect
      name={p.name}
      label={p.label}
      disabled={p.disabled}
      required={p.required}
      rules={p.rules}
      colProps={{ xs: 24, md: p.span }}
      options={options}
      fieldProps={{ ...({ 'data-testid': p.testId } as object), showSearch: true, optionFilterProp: 'value', allowClear: true }}
    />
  );
}
