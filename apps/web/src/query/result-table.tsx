import { L } from '@civdesk/resources';
import { Table } from 'antd';
import { PAGE_SIZES } from '../crud/resource-page.tsx';
import { useLang } from '../i18n/index.ts';
import { cellText, type QueryColumn, type Row } from './api.ts';

type Props = {
  columns: QueryColumn[];
  rows: Row[];
  loading?: boolean;
  /** Server paging; without it the rows are paged in the browser. */
  paging?: { current: number; size: number; total: number; onChange: (current: number, size: number) => void };
  testId?: string;
};

/** An answer of administrator SQL as a table: the configured headers, cells as text. */
export function ResultTable({ columns, rows, loading, paging, testId }: Props) {
  const lang = useLang();
  return (
    <Table<Row>
      data-testid={testId}
      size="small"
      bordered
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowKey="__row"
      dataSource={rows.map((r, i) => ({ ...r, __row: i }))}
      locale={{ emptyText: L('暂无数据', 'No data')[lang] }}
      columns={columns.map((c) => ({
        key: c.fieldName,
        title: c.fieldLabel,
        dataIndex: c.fieldName,
        width: c.width ?? undefined,
        render: (v: unknown) => cellText(v),
      }))}
      pagination={
        paging
          ? {
              current: paging.current,
              pageSize: paging.size,
              total: paging.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              onChange: paging.onChange,
            }
          : { defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: PAGE_SIZES }
      }
    />
  );
}
