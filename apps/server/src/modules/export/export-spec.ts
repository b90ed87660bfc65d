import { hasListRoutes, permCode, type Resource } from '@civdesk/meta';
import { registry, resourceByName } from '@civdesk/resources';
import type { Grants } from '../../core/caller.ts';
import { badRequest } from '../../core/envelope.ts';
import { allows } from '../../core/grant-store.ts';
import { listQuery } from '../../crud/list-query.ts';
import { type Column, exportColumns } from '../excel/cells.ts';

/** One column of a template: a listed field of the resource and the header written above it. */
export type ExportColumn = { key: string; header: string };
/** A template checked against its resource: what the runner exports. */
export type ExportSpec = { resource: Resource; columns: (Column & { header: string })[]; filters: Record<string, string> };

export const MAX_COLUMNS = 100;
const MAX_HEADER = 100;
// Export templates and their files are not data to export.
const NOT_EXPORTED = new Set(['export-template', 'export-file']);

/** Resources whose list can be exported: a screen with a list (the engine's, or its own with Excel export), reachable from the menu. */
export const exportableResources = (): Resource[] =>
  registry.filter((r) => r.menu && (hasListRoutes(r) || r.excel) && !NOT_EXPORTED.has(r.name));

/** Whether the caller may read the resource's list (an export must never show more than the list would). */
export function canRead(g: Grants, r: Resource): boolean {
  if (r.platformOnly && !g.all) return false;
  return Boolean(r.readableBySignedIn) || allows(g, permCode(r, 'view'), `${r.api}/${r.routes.includes('page') ? 'page' : 'list'}`);
}

/**
 * Exports of personal data carry a watermark row naming who exported them and when: a resource is
 * personal when one of its fields holds a mobile, telephone, e-mail or identity number.
 */
export const isPersonal = (r: Resource): boolean => Object.values(r.allFields).some((f) => f.format !== undefined);

const refuse = (field: string, message: string) => badRequest(message, { errors: [{ field, message }] });

function parseJson(raw: unknown, field: string, what: string): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw refuse(field, `${what}格式不正确，应为JSON`);
  }
}

/**
 * Checks a template (resource, columns, filters) for a caller: the resource must be exportable and
 * readable by the caller, every column a listed field of it (at most once), every filter one of its
 * search parameters with a value of the right type. A wrong one is a 400 naming the field.
 */
export function checkSpec(g: Grants, raw: { resourceName: unknown; columns: unknown; filters?: unknown }): ExportSpec {
  const r = typeof raw.resourceName === 'string' ? resourceByName.get(raw.resourceName) : undefined;
  if (!r || !exportableResources().includes(r) || !canRead(g, r)) throw refuse('resourceName', '导出数据不存在或无权导出');
  const available = new Map(exportColumns(r).map((c) => [c.key, c]));
  const cols = parseJson(raw.columns, 'columns', '导出列');
  if (!Array.isArray(cols) || cols.length === 0) throw refuse('columns', '请至少选择一个导出列');
  if (cols.length > MAX_COLUMNS) throw refuse('columns', `导出列不能超过${MAX_COLUMNS}个`);
  const columns: ExportSpec['columns'] = [];
  for (const c of cols) {
    const key = c && typeof c === 'object' ? (c as { key?: unknown }).key : c;
    const col = typeof key === 'string' ? available.get(key) : undefined;
    if (!col) throw refuse('columns', `导出列不存在: ${String(typeof key === 'string' ? key : JSON.stringify(key)).slice(0, 50)}`);
    if (columns.some((x) => x.key === col.key)) throw refuse('columns', `导出列重复: ${col.header}`);
    const h = c && typeof c === 'object' ? (c as { header?: unknown }).header : undefined;
    if (h !== undefined && h !== null && typeof h !== 'string') throw refuse('columns', `列标题应为文字: ${col.header}`);
    const header = (h ?? '').trim() || col.header;
    if (header.length > MAX_HEADER) throw refuse('columns', `列标题不能超过${MAX_HEADER}个字符`);
    columns.push({ ...col, header });
  }
  const f = raw.filters === undefined || raw.filters === null || raw.filters === '' ? {} : parseJson(raw.filters, 'filters', '筛选条件');
  if (typeof f !== 'object' || f === null || Array.isArray(f)) throw refuse('filters', '筛选条件应为JSON对象');
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === null || v === '') continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw refuse('filters', `筛选条件格式不正确: ${k}`);
    if (['current', 'size', 'ascs', 'descs'].includes(k)) throw refuse('filters', `筛选条件不能包含分页或排序: ${k}`);
    filters[k] = String(v);
  }
  try {
    listQuery(r, filters);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw refuse('filters', `筛选条件不正确: ${msg}`);
  }
  return { resource: r, columns, filters };
}

/** The stored form of a checked template's columns (normalised: every header written out). */
export const columnsJson = (s: ExportSpec) => JSON.stringify(s.columns.map((c) => ({ key: c.key, header: c.header })));
