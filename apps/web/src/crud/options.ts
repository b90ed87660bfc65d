import type { FieldDef, Lang, Option, Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import { type UseQueryOptions, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getUserInfo } from '../api/session.ts';
import { fetchDictionary, fetchLazyTree, fetchList, fetchTree, type Row, rowsOf, type TreeNode } from './crud-api.ts';

/** One choice for a select or tree select (title duplicates label for antd TreeSelect). */
export type Opt = {
  label: string;
  title: string;
  value: string | number;
  children?: Opt[];
  isLeaf?: boolean;
  /** A tree node's level, where the tree keeps one (regions). */
  level?: number;
  /** The value of the deciding field this choice belongs to (`refBy`). */
  group?: string;
  selectable?: boolean;
  disableCheckbox?: boolean;
};

export type OptionMap = Record<string, Opt[]>;

/** Where a field's choices come from; undefined for free-input fields. */
export type OptionSource =
  | { kind: 'static' }
  | { kind: 'dict'; code: string; int: boolean }
  /** `own`: a tenant resource: only the caller's tenant's rows (the platform administrator sees every tenant's). */
  | { kind: 'list'; api: string; labelField: string; valueField: string; own?: boolean }
  /** A call that answers the rows (`choices` of a text field); `label` is a template over their fields. */
  | { kind: 'call'; url: string; label: string; valueField: string }
  /** `refBy`: the choices of every kind, each tagged with the deciding field's value (`group`). */
  | { kind: 'by'; field: string; parts: { group: string; url?: string; labelField?: string; valueField?: string; options?: Option[] }[] }
  /** `level`: only nodes of that level can be chosen (a role's area: regions of level 4). */
  | { kind: 'tree'; api: string; lazy: boolean; level?: number; own?: boolean };

export function optionSourceOf(r: Resource, f: FieldDef): OptionSource | undefined {
  switch (f.type) {
    case 'enum':
    case 'multiEnum':
      return f.options ? { kind: 'static' } : undefined;
    case 'dict':
      return f.dict ? { kind: 'dict', code: f.dict, int: Boolean(f.int) } : undefined;
    case 'parent':
      return { kind: 'tree', api: r.api, lazy: Boolean(r.tree?.lazy) };
    case 'ref':
    case 'multiRef':
    case 'string': {
      if (f.type === 'string' && f.choices)
        return { kind: 'call', url: f.choices.url, label: f.choices.label, valueField: f.choices.value };
      if (f.type === 'string' && f.refBy) return byOf(f.refBy);
      // A string field only has choices when it references rows by another field (e.g. a code).
      const target = f.ref && (f.type !== 'string' || f.ref.valueField) ? resourceByName.get(f.ref.resource) : undefined;
      if (!target || !f.ref) return undefined;
      if (target.tree && !f.ref.valueField) {
        const only = f.ref.only;
        const level = only && only.field === target.tree.levelField ? Number(only.value) : undefined;
        return { kind: 'tree', api: target.api, lazy: Boolean(target.tree.lazy), ...(level ? { level } : {}), own: target.tenant };
      }
      return { kind: 'list', api: target.api, labelField: f.ref.labelField, valueField: f.ref.valueField ?? 'id', own: target.tenant };
    }
    default:
      return undefined;
  }
}

/** Each kind's resource list (or inline options) of a `refBy` field. */
function byOf(refBy: NonNullable<FieldDef['refBy']>): OptionSource {
  const parts = Object.entries(refBy.refs).map(([group, ref]) => {
    if ('options' in ref) return { group, options: ref.options };
    const target = resourceByName.get(ref.resource);
    // A resource without the conventional list (users) is read whole through its page.
    const url = target && `${target.api}/${target.routes.includes('list') ? 'list' : 'page'}`;
    return { group, url, labelField: ref.labelField, valueField: ref.valueField ?? 'id' };
  });
  return { kind: 'by', field: refBy.field, parts: parts.filter((p) => p.options || p.url) };
}

/** `{name} v{version}` with the row's values ('' for a missing one). */
export const fillTemplate = (template: string, row: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => (row[k] == null ? '' : String(row[k])));

const opt = (label: string, value: string | number, extra: Partial<Opt> = {}): Opt => ({ label, title: label, value, ...extra });

export function treeOptions(nodes: TreeNode[], lazy = false): Opt[] {
  return nodes.map((n) =>
    opt(n.title, n.id, {
      children: n.children?.length ? treeOptions(n.children, lazy) : undefined,
      isLeaf: lazy ? !n.hasChildren : undefined,
      ...(n.level !== undefined ? { level: n.level } : {}),
    }),
  );
}

/** The query that loads a source's choices; TanStack Query caches it per dictionary code or API. */
export function sourceQuery(source: OptionSource, tenantId?: string, lang: Lang = 'zh'): UseQueryOptions<Opt[]> | undefined {
  const bound = 'own' in source && Boolean(source.own);
  const own = ownTenant(bound, tenantId);
  // A cross-tenant form offers a tenant's rows only once its tenant is chosen.
  const enabled = !(bound && tenantId === '');
  switch (source.kind) {
    case 'static':
      return undefined;
    case 'dict':
      return {
        queryKey: ['dict', source.code, source.int],
        queryFn: async () =>
          (await fetchDictionary(source.code)).map((d) => opt(d.dictValue, source.int ? Number(d.dictKey) : String(d.dictKey))),
        staleTime: 5 * 60_000,
      };
    case 'list':
      return {
        queryKey: ['ref-list', source.api, source.labelField, source.valueField, own],
        enabled,
        queryFn: async () =>
          // A tree target answers a forest: every node is a choice.
          flattenRows(rowsOf(await fetchList(source.api, { size: -1, ...own }))).map((row) =>
            opt(String(row[source.labelField] ?? row[source.valueField]), String(row[source.valueField])),
          ),
      };
    case 'call':
      return {
        queryKey: ['call', source.url],
        queryFn: async () =>
          rowsOf(await fetchList('', {}, source.url)).map((row) => opt(fillTemplate(source.label, row), String(row[source.valueField]))),
      };
    case 'by':
      return {
        queryKey: ['by', source.field, source.parts.map((p) => p.url ?? p.group).join(','), lang],
        queryFn: async () => {
          const lists = await Promise.all(
            source.parts.map(async (p) => {
              if (p.options) return p.options.map((o) => opt(o.label[lang], o.value, { group: p.group }));
              const rows = rowsOf(await fetchList('', { size: -1 }, p.url));
              const value = p.valueField ?? 'id';
              return flattenRows(rows).map((row) =>
                opt(String(row[p.labelField as string] ?? row[value]), String(row[value]), { group: p.group }),
              );
            }),
          );
          return lists.flat();
        },
      };
    case 'tree':
      return {
        queryKey: ['tree', source.api, source.lazy, own],
        enabled,
        queryFn: async () =>
          source.lazy ? treeOptions(await fetchLazyTree(source.api, '0'), true) : treeOptions(await fetchTree(source.api, own)),
      };
  }
}

/**
 * A row may only refer to rows of its own tenant (the server checks), so a reference to a tenant
 * resource offers that tenant's rows only: the writer's own, or the one a cross-tenant form names
 * (`tenantId`: the platform administrator writing into another tenant).
 */
function ownTenant(bound: boolean, tenantId?: string): { tenantId?: string } {
  const chosen = bound ? tenantId || getUserInfo()?.tenant_id : undefined;
  return chosen ? { tenantId: chosen } : {};
}

function flattenRows(rows: Row[]): Row[] {
  return rows.flatMap((r) => [r, ...flattenRows(r.children ?? [])]);
}

export function staticOptions(f: FieldDef, lang: Lang): Opt[] {
  return (f.options ?? []).map((o) => opt(o.label[lang], o.value));
}

const dataOf = (results: { data?: Opt[] }[]) => results.map((q) => q.data);

/**
 * Loads the choices of the given fields (dictionaries, referenced rows, trees) in parallel;
 * `tenantId` names the tenant whose rows a reference offers ('' : none until one is chosen).
 */
export function useFieldOptions(r: Resource, keys: string[], lang: Lang, tenantId?: string): OptionMap {
  const signature = keys.join(',');
  const entries = useMemo(
    () =>
      signature.split(',').flatMap((key) => {
        const f = r.allFields[key];
        const source = f ? optionSourceOf(r, f) : undefined;
        return source ? [{ key, f, source }] : [];
      }),
    [r, signature],
  );
  const remote = useMemo(() => entries.filter((e) => e.source.kind !== 'static'), [entries]);
  // combine is a stable function, so `data` only changes when a query's data does.
  const data = useQueries({ queries: remote.map((e) => sourceQuery(e.source, tenantId, lang) as UseQueryOptions<Opt[]>), combine: dataOf });
  return useMemo(() => {
    const map: OptionMap = {};
    for (const e of entries) if (e.source.kind === 'static') map[e.key] = staticOptions(e.f, lang);
    remote.forEach((e, i) => {
      map[e.key] = data[i] ?? [];
    });
    return map;
  }, [entries, remote, data, lang]);
}

/** value → label over a (tree of) options, for showing labels in the table. */
export function labelIndex(options: Opt[] = [], into = new Map<string, string>()): Map<string, string> {
  for (const o of options) {
    into.set(String(o.value), o.label);
    if (o.children) labelIndex(o.children, into);
  }
  return into;
}
