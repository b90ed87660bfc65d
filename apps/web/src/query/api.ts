import type { PageData } from '@civdesk/meta';
import { bmsQueryList, bmsQueryTabDetail, reportTemplate } from '@civdesk/resources';
import { getData } from '../api/request.ts';

// The custom-query and report calls (docs/custom-queries.md).

export type Row = Record<string, unknown>;

export type QueryCondition = {
  id: string;
  conditionName: string;
  paramName: string;
  conditionType: 'input' | 'number' | 'date' | 'select';
  dictCode?: string | null;
  isRequired?: number;
  defaultValue?: string | null;
};
export type QueryColumn = { fieldName: string; fieldLabel: string; width?: number | null; isShow?: number };
export type QueryDetail = { id: string; customName: string; content: string; conditions: QueryCondition[]; tabDetails: QueryColumn[] };
export type QueryPage = PageData<Row> & { columns: string[] };
export type ReportRun = {
  templateName: string;
  chartType: 'bar' | 'line' | 'pie';
  params: string[];
  columns: string[];
  rows: Row[];
  truncated: boolean;
};

const RUN = '/api/dw-query/bmsuccessQuery';

/** The queries of the caller's tenant, for the run page's picker. */
export const listQueries = () =>
  getData<PageData<{ id: string; customName: string }>>(`${bmsQueryList.api}/list`, { current: 1, size: -1 }).then((p) => p.records);

export const queryDetail = (id: string) => getData<QueryDetail>(`${bmsQueryTabDetail.api}/getCusDetailById`, { id });

/** One page of a query's answer; empty conditions are left out (the server binds NULL or the default). */
export function runQueryPage(id: string, values: Record<string, unknown>, current: number, size: number) {
  const params: Record<string, unknown> = { id, current, size };
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') params[k] = v;
  return getData<QueryPage>(`${RUN}/queryPage`, params);
}

export function runReport(id: string, values: Record<string, unknown> = {}) {
  const params: Record<string, unknown> = { id };
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') params[k] = v;
  return getData<ReportRun>(`${reportTemplate.api}/run`, params);
}

/** The columns a result table shows: the configured ones (shown, in order), else every answered column under its name. */
export function resultColumns(configured: QueryColumn[], answered: string[]): QueryColumn[] {
  const shown = configured.filter((c) => Number(c.isShow ?? 1) === 1);
  return shown.length ? shown : answered.map((c) => ({ fieldName: c, fieldLabel: c }));
}

/** Text for a cell: objects as JSON, nothing as a dash. */
export const cellText = (v: unknown) =>
  v === null || v === undefined || v === '' ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);
