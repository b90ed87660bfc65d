import { defineResource } from '@civdesk/meta';
import { L } from '../labels.ts';
import { configGroup } from '../menu-groups.ts';

export const driverClasses = [
  { value: 'com.mysql.cj.jdbc.Driver', label: L('MySQL', 'MySQL') },
  { value: 'org.postgresql.Driver', label: L('PostgreSQL', 'PostgreSQL') },
  { value: 'oracle.jdbc.OracleDriver', label: L('Oracle', 'Oracle') },
  { value: 'com.microsoft.sqlserver.jdbc.SQLServerDriver', label: L('SQL Server', 'SQL Server') },
  { value: 'dm.jdbc.driver.DmDriver', label: L('达梦', 'Dameng') },
];

// External databases (report SQL, tenant data sources). The password is encrypted at rest and
// never read back; the connection test only reaches allow-listed hosts.
export const datasource = defineResource({
  name: 'datasource',
  table: 'blade_datasource',
  label: L('数据源管理', 'Data sources'),
  api: '/api/blade-develop/datasource',
  menu: { group: configGroup, icon: 'DatabaseOutlined' },
  tenant: false,
  softDelete: true,
  defaultSort: [{ field: 'name', dir: 'asc' }],
  fields: {
    name: { type: 'string', label: L('名称', 'Name'), max: 100, required: true, unique: true, list: true, search: true },
    driverClass: { type: 'enum', options: driverClasses, label: L('驱动类', 'Driver'), required: true, list: true, search: 'equal' },
    url: {
      type: 'string',
      label: L('连接地址', 'URL'),
      max: 500,
      required: true,
      list: { ellipsis: true },
      form: { span: 24 },
      pattern: {
        regex: '^(jdbc:[a-z]+:|postgres(ql)?://|mysql://)',
        message: L('请输入正确的连接地址（jdbc:…）', 'Enter a JDBC URL (jdbc:…)'),
      },
      example: 'jdbc:postgresql://127.0.0.1:5432/postgres',
    },
    username: { type: 'string', label: L('用户名', 'User name'), max: 100, required: true, list: true },
    password: { type: 'password', label: L('密码', 'Password'), max: 200, required: true },
    remark: { type: 'text', label: L('备注', 'Remark'), max: 255, form: { span: 24 } },
  },
});
