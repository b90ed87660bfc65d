import type { PageData } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import type { Query } from '../api.ts';

/**
 * One page of a workflow list with its filters: the query key names the list, a filter change
 * goes back to page 1. `pagination` is ready for antd's Table.
 */
export function usePaged<T>(key: string, fetch: (q: Query) => Promise<PageData<T>>) {
  const [filters, setFilters] = useState<Query>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = { ...filters, current: page.current, size: page.size };
  const result = useQuery({ queryKey: ['wf', key, query], queryFn: () => fetch(query) });
  const pagination: TablePaginationConfig = {
    current: page.current,
    pageSize: page.size,
    total: result.data?.total ?? 0,
    showSizeChanger: true,
    onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
  };
  return {
    rows: result.data?.records ?? [],
    loading: result.isFetching,
    pagination,
    search: (q: Query) => {
      setFilters(q);
      setPage((p) => ({ ...p, current: 1 }));
    },
    refetch: () => void result.refetch(),
  };
}
