import { useQuery } from '@tanstack/react-query';
import { fetchDictionary } from '../../crud/crud-api.ts';

/** The process categories (dictionary `flow`) as select options. */
export function useCategories() {
  const { data } = useQuery({ queryKey: ['dict', 'flow'], queryFn: () => fetchDictionary('flow'), staleTime: 5 * 60_000 });
  return (data ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }));
}
