// The page of the floor builds (vite.config.ts): the least a list console built on antd shows, a
// side menu and a top bar, a search bar and a table with selection and paging, in Chinese.
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Form, Input, Layout, Menu, Select, Space, Table } from 'antd';
import { createElement as h, type Key, type ReactNode, useState } from 'react';

export type Row = { id: string; name: string; status: string; createTime: string };
export const rows: Row[] = Array.from({ length: 20 }, (_, i) => ({
  id: String(i),
  name: `用户${i}`,
  status: i % 2 ? '启用' : '停用',
  createTime: `2026-11-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
}));

export type Props = {
  /** Each text as shown: itself, or its translation. */
  t?: (s: string) => string;
  /** A date as shown. */
  date?: (iso: string) => string;
  data?: Row[];
};

export const same = (s: string) => s;

/** The side menu and the top bar with the user menu, around a page's content. */
export function Frame({ t, children }: { t: (s: string) => string; children: ReactNode[] }) {
  const menu = [{ key: 'system', label: t('系统管理'), children: [{ key: 'user', label: t('用户管理') }] }];
  const user = h(Dropdown, { menu: { items: [{ key: 'logout', label: t('退出登录') }] } }, h(Avatar, { icon: h(UserOutlined) }));
  return h(
    Layout,
    { style: { minHeight: '100vh' } },
    h(Layout.Sider, null, h(Menu, { mode: 'inline', theme: 'dark', items: menu })),
    h(Layout, null, h(Layout.Header, null, user), h(Layout.Content, null, ...children)),
  );
}

export function Page({ t = same, date = same, data = rows }: Props) {
  const [selected, setSelected] = useState<Key[]>([]);
  const search = h(
    Form,
    { layout: 'inline' },
    h(Form.Item, { name: 'name', label: t('姓名') }, h(Input, { allowClear: true })),
    h(Form.Item, { name: 'status', label: t('状态') }, h(Select, { style: { width: 120 }, options: [{ value: '1', label: t('启用') }] })),
    h(Space, null, h(Button, { type: 'primary', htmlType: 'submit' }, t('搜索')), h(Button, { htmlType: 'reset' }, t('清空'))),
  );
  const table = h(Table<Row>, {
    rowKey: 'id',
    dataSource: data,
    columns: [
      { title: t('姓名'), dataIndex: 'name', sorter: true },
      { title: t('状态'), dataIndex: 'status' },
      { title: t('创建时间'), dataIndex: 'createTime', render: (v: string) => date(v) },
    ],
    rowSelection: { selectedRowKeys: selected, onChange: setSelected },
    pagination: { total: 1000, showSizeChanger: true },
  });
  return h(Frame, { t, children: [search, table] });
}
