import { buildListQuery, type Resource, type SortOrder, type ValueText } from '@civdesk/meta';
import dayjs from 'dayjs';
import type { Query } from './crud-api.ts';

// The query-map builder lives in @civdesk/meta beside the server's parser; this adapter only
// teaches it the search bar's date objects (dayjs), which meta does not depend on.
export { CREATE_TIME_RANGE, type SortOrder, searchOpOf } from '@civdesk/meta';

export const DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const DATE = 'YYYY-MM-DD';

const dayjsText: ValueText = (v, kind) => {
  const format = kind === 'date' ? DATE : DATETIME;
  if (dayjs.isDayjs(v)) return v.format(format);
  if (v instanceof Date) return dayjs(v).format(format);
  return String(v);
};

/** ProTable's request arguments as a BladeX query map (see buildListQuery). */
export const toListQuery = (r: Resource, params: Record<string, unknown>, sort: SortOrder = {}, paged = true): Query =>
  buildListQuery(r, params, { sort, paged, text: dayjsText });
