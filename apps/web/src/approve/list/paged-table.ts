import type { TableProps } from 'antd';
import type { useL } from '../../matter/forms/texts.ts';
import type { usePaged } from '../../workflow/shared/use-paged.ts';

/** What every approval list's table shares: its page of rows, paging with the lists' sizes, the empty text. */
export function pagedTableProps<T>(paged: ReturnType<typeof usePaged<T>>, L: ReturnType<typeof useL>): TableProps<T> {
  return {
    size: 'middle',
    scroll: { x: 'max-content' },
    loading: paged.loading,
    dataSource: paged.rows,
    pagination: { ...paged.pagination, pageSizeOptions: [10, 30, 50, 100, 200] },
    locale: { emptyText: L('暂无数据', 'No data') },
  };
}
