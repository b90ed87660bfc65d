import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CloudOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { ProFormSelect } from '@ant-design/pro-components';
import type { ComponentType } from 'react';

/** The icons a menu may take (names of @ant-design/icons, as menu groups and screens declare them). */
export const MENU_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CloudOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
};

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
