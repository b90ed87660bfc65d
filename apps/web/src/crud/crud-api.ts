import type { PageData, QueryMap, Resource, TreeNode } from '@civdesk/meta';
import { getData, postData } from '../api/request.ts';

/** A row as the server sends it: ids are strings; trees add children/hasChildren. */
export type Row = Record<string, unknown> & { id: string; children?: Row[]; hasChildren?: boolean };

// The wire shapes are declared once in @civdesk/meta, shared with the server that builds them.
export type { PageData, TreeNode } from '@civdesk/meta';

export type DictItem = { id?: string; code?: string; dictKey: string; dictValue: string; sort?: number };

export type Query = QueryMap;

/**
 * The calls a screen makes for one resource. Conventional paths by default; special screens name
 * others (users: `/api/blade-user/update` edits, `submit` only creates).
 */
export type Endpoints = { page: string; list: string; detail: string; create: string; update: string; remove: string };

export const endpointsOf = (r: Pick<Resource, 'api'>, over: Partial<Endpoints> = {}): Endpoints => ({
  page: `${r.api}/page`,
  list: `${r.api}/list`,
  detail: `${r.api}/detail`,
  create: `${r.api}/submit`,
  update: `${r.api}/submit`,
  remove: `${r.api}/remove`,
  ...over,
});

export const fetchPage = (r: Resource, query: Query, url = endpointsOf(r).page) => getData<PageData<Row>>(url, query);

/** For trees the server answers a forest (or one level of a lazy tree); otherwise a page. */
export const fetchList = (api: string, query: Query, url = `${api}/list`) => getData<Row[] | PageData<Row>>(url, query);

export const fetchDetail = (r: Resource, id: string, url = endpointsOf(r).detail) => getData<Row>(url, { id });

export const submitRow = (r: Resource, body: Record<string, unknown>, url = endpointsOf(r).create) => postData<Row>(url, body);

export const removeRows = (r: Resource, ids: string[], url = endpointsOf(r).remove) =>
  postData<boolean>(url, null, { params: { ids: ids.join(',') } });

export const fetchTree = (api: string, query: Query = {}) => getData<TreeNode[]>(`${api}/tree`, query);

export const fetchLazyTree = (api: string, parentId: string) => getData<TreeNode[]>(`${api}/lazy-tree`, { parentId });

export const fetchDictionary = (code: string) => getData<DictItem[]>('/api/blade-system/dict/dictionary', { code });

/** Rows of a list answer, whichever shape it has. */
export function rowsOf(data: Row[] | PageData<Row> | null | undefined): Row[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.records ?? []);
}
