// The floor page of antd-page.ts with its search bar and table from ProComponents' ProTable, as
// the app's generic list is built.
import { ProConfigProvider, ProTable, zhCNIntl } from '@ant-design/pro-components';
import { createElement as h, type Key, useState } from 'react';
import { Frame, type Props, type Row, rows, same } from './antd-page.ts';

export function ProPage({ t = same, date = same, data = rows }: Props) {
  const [selected, setSelected] = useState<Key[]>([]);
  const table = h(ProTable<Row>, {
    rowKey: 'id',
    headerTitle: t('用户管理'),
    dataSource: data,
    columns: [
      { title: t('姓名'), dataIndex: 'name', sorter: true },
      { title: t('状态'), dataIndex: 'status', valueEnum: { 启用: { text: t('启用') }, 停用: { text: t('停用') } } },
      { title: t('创建时间'), dataIndex: 'createTime', search: false, render: (_, r) => date(r.createTime) },
    ],
    rowSelection: { selectedRowKeys: selected, onChange: setSelected },
    search: { labelWidth: 95 },
    pagination: { showSizeChanger: true },
    options: { fullScreen: false, reload: true, density: true, setting: true },
  });
  return h(ProConfigProvider, { intl: zhCNIntl, children: h(Frame, { t, children: [table] }) });
}
