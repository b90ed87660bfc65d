import '../i18n/crud-texts.ts';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, enUSIntl, type ProColumns, ProConfigProvider, ProTable, zhCNIntl } from '@ant-design/pro-components';
import { permCode, type Resource } from '@civdesk/meta';
import { Empty, Modal, message } from 'antd';
import { lazy, type ReactNode, type Ref, Suspense, useCallback, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api/download.ts';
import { useLang } from '../i18n/index.ts';
import { buildColumns, indexColumn } from './columns.tsx';
import { type Endpoints, endpointsOf, fetchList, fetchPage, type Query, type Row, removeRows, rowsOf } from './crud-api.ts';
import { useDialogState } from './dialog-state.ts';
import { type SortOrder, toListQuery } from './list-query.ts';
import { useFieldOptions } from './options.ts';
import { useButtonPermissions } from './permissions.ts';
import { type ExtraRowAction, RowActions } from './row-actions.tsx';
import { searchButtons } from './search-buttons.tsx';
import { tenantColumn, useTenantColumn } from './tenant-column.tsx';
import { type ToolItem, toolbarButtons } from './toolbar.tsx';
import { attachChildren, needsChildren, prepareTreeRows } from './tree-rows.ts';

// The dialogs (form widgets, the zod schema; the import upload) load when first opened, not with the list.
const ImportDialog = lazy(() => import('./import-dialog.tsx').then((m) => ({ default: m.ImportDialog })));
const ResourceForm = lazy(() => import('./resource-form.tsx').then((m) => ({ default: m.ResourceForm })));

export const PAGE_SIZES = [10, 30, 50, 100, 200];

type Can = { view: boolean; edit: boolean; add: boolean; delete: boolean };

/** A button of a screen's own in the toolbar; `selected` are the checked rows' ids. */
export type ToolbarAction = {
  key: string;
  label: string;
  perm?: string;
  icon?: ReactNode;
  /** Warns "select at least one row" instead of running with nothing selected. */
  needsSelection?: boolean;
  onClick: (selected: string[]) => void;
};

/** What a special screen can do with the list it embeds. */
/** `add(preset)` opens the add dialog with some values set (a child under a row). */
export type ResourcePageHandle = { reload: () => void; selected: () => string[]; add: (preset?: Record<string, unknown>) => void };

export type ResourcePageProps = {
  resource: Resource;
  /** Sent with every list request and export (e.g. the department chosen in a tree). */
  fixedQuery?: Query;
  /** Sent with the list request only, not with the export (e.g. another order the page route takes). */
  listQuery?: Query;
  /** Other paths than the conventional ones (users' page, update…). */
  endpoints?: Partial<Endpoints>;
  /** Which of view/add/edit/delete the API offers, when its routes do not say (users). */
  can?: Partial<Can>;
  /** Values a new row starts with. */
  defaults?: Record<string, unknown>;
  /** After a row is saved through the dialog (the screen refreshes what it derives from the rows). */
  onSaved?: () => void;
  /** Fields left out of the dialog. */
  hiddenFields?: string[];
  toolbarActions?: ToolbarAction[];
  rowActions?: ExtraRowAction[];
  /** What the delete confirmation says, when removing takes more than the rows (a tenant's data). */
  deleteConfirm?: string;
  /** Delete shown but disabled for these rows (e.g. oneself). */
  undeletable?: (row: Row) => boolean;
  /** Header title instead of the resource's label. */
  title?: ReactNode;
  /** How the screen shows some columns' cells instead of the generic way (a JSON list as dates). */
  renderCell?: Record<string, (row: Row) => ReactNode>;
  /** Columns of the screen's own, shown before the actions (e.g. the times a list mode orders by). */
  extraColumns?: ProColumns<Row>[];
  /** Test id of the wrapper, when the resource's is taken (a list inside another screen's dialog). */
  testId?: string;
  handle?: Ref<ResourcePageHandle>;
};

/**
 * The generic list screen of a resource: search bar, index column, multi-select, view/edit/delete,
 * add and bulk delete, creation-time range, paging 10/30/50/100/200 — or a tree table for trees.
 * Special screens embed it with a fixed query, other paths, defaults and their own actions; every
 * action is shown only when the user holds its button (menu/buttons).
 */
export function ResourcePage({
  resource: r,
  fixedQuery,
  listQuery,
  endpoints,
  can: canOver,
  defaults,
  onSaved,
  hiddenFields,
  toolbarActions = [],
  rowActions = [],
  undeletable,
  deleteConfirm,
  title,
  extraColumns,
  renderCell,
  testId,
  handle,
}: ResourcePageProps) {
  const lang = useLang();
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(undefined);
  const perms = useButtonPermissions();
  const urls = endpointsOf(r, endpoints);
  const [selected, setSelected] = useState<string[]>([]);
  const { dialog, setDialog, preset, openAdd } = useDialogState();
  useImperativeHandle(handle, () => ({ reload: () => actionRef.current?.reload(), selected: () => selected, add: openAdd }), [
    selected,
    openAdd,
  ]);
  const [treeRows, setTreeRows] = useState<Row[]>([]);
  const [importing, setImporting] = useState(false);
  const lastQuery = useRef<Record<string, unknown>>({});
  const isTree = Boolean(r.tree);
  // Read-only lists (records, logs) have no submit route: no add or edit; no remove route, no delete.
  // And nothing the user holds no button for.
  const { view: v, edit: e, add: a, delete: d } = canOver ?? {};
  const can = useMemo<Can>(() => {
    const offered: Can = {
      view: v ?? r.routes.includes('detail'),
      edit: e ?? (r.routes.includes('detail') && r.routes.includes('submit')),
      add: a ?? r.routes.includes('submit'),
      delete: d ?? r.routes.includes('remove'),
    };
    return {
      view: offered.view && perms.has(permCode(r, 'view')),
      edit: offered.edit && perms.has(permCode(r, 'edit')),
      add: offered.add && perms.has(permCode(r, 'add')),
      delete: offered.delete && perms.has(permCode(r, 'delete')),
    };
  }, [r, v, e, a, d, perms]);
  const extraRow = useMemo(() => rowActions.filter((x) => perms.has(x.perm)), [rowActions, perms]);
  const extraTools = toolbarActions.filter((x) => perms.has(x.perm));

  const shownKeys = useMemo(() => Object.entries(r.allFields).flatMap(([k, f]) => (f.list || f.search ? [k] : [])), [r]);
  const options = useFieldOptions(r, shownKeys, lang);
  // Rows of several tenants (the platform administrator's lists) say whose they are, and filter by it.
  const tenants = useTenantColumn(r);

  const confirmDelete = useCallback(
    (ids: string[]) =>
      Modal.confirm({
        title: t('crud.confirmTitle'),
        content: deleteConfirm ?? t('crud.deleteConfirm'),
        okText: t('crud.ok'),
        cancelText: t('crud.cancel'),
        okButtonProps: { 'data-testid': 'confirm-ok' },
        onOk: async () => {
          try {
            await removeRows(r, ids, urls.remove);
          } catch {
            return; // the request layer has said why
          }
          message.success(t('crud.deleted'));
          setSelected((s) => s.filter((id) => !ids.includes(id)));
          actionRef.current?.reload();
        },
      }),
    [r, t, urls.remove, deleteConfirm],
  );

  const columns = useMemo<ProColumns<Row>[]>(
    () => [
      indexColumn(t('crud.index'), () => (isTree ? undefined : actionRef.current?.pageInfo)),
      ...(tenants ? [tenantColumn(t('crud.tenant'), tenants)] : []),
      ...buildColumns(r, { lang, options, resource: r, createTimeLabel: t('crud.createTime') }).map((c) => {
        const own = renderCell?.[String(c.key)];
        return own ? { ...c, render: (_: ReactNode, row: Row) => own(row) } : c;
      }),
      ...(extraColumns ?? []),
      {
        title: t('crud.actions'),
        key: 'option',
        valueType: 'option',
        fixed: 'right',
        width: 190 + extraRow.length * 70,
        render: (_, row) => (
          <RowActions
            row={row}
            builtIn={Boolean(r.builtIn && Number(row[r.builtIn] ?? 0) !== 0)}
            deleteDisabled={undeletable?.(row)}
            extra={extraRow}
            can={can}
            onView={() => setDialog({ mode: 'view', id: row.id })}
            onEdit={() => setDialog({ mode: 'update', id: row.id })}
            onDelete={() => confirmDelete([row.id])}
          />
        ),
      },
    ],
    [r, lang, options, t, confirmDelete, can, extraRow, undeletable, extraColumns, tenants, renderCell, isTree, setDialog],
  );

  const request = async (params: Record<string, unknown>, sort: SortOrder) => {
    const query = { ...toListQuery(r, params, sort, !isTree), ...fixedQuery };
    if (tenants && params.tenantId) query.tenantId_equal = String(params.tenantId);
    // An export takes the list's current filters and order (not its paging).
    const { current: _c, size: _s, ...filters } = query;
    lastQuery.current = filters;
    if (isTree) return { data: prepareTreeRows(rowsOf(await fetchList(r.api, { ...query, ...listQuery }, urls.list))), success: true };
    const page = await fetchPage(r, { ...query, ...listQuery }, urls.page);
    return { data: page.records, total: page.total, success: true };
  };

  // A change of either query (another tree node, another list mode) reloads the list from page 1.
  const listParams = useMemo(() => (fixedQuery || listQuery ? { ...fixedQuery, ...listQuery } : undefined), [fixedQuery, listQuery]);

  const onExpand = async (expanded: boolean, row: Row) => {
    if (!expanded || !needsChildren(row)) return;
    const children = prepareTreeRows(rowsOf(await fetchList(r.api, { parentId: row.id })));
    setTreeRows((rows) => attachChildren(rows, row.id, children));
  };

  const withSelection = (run: (ids: string[]) => void) => () => {
    if (selected.length === 0) {
      message.warning(t('crud.selectOne'));
      return;
    }
    run(selected);
  };
  const batchDelete = withSelection(confirmDelete);
  const canExport = perms.has(permCode(r, 'export'));
  const canImport = perms.has(permCode(r, 'import'));
  const selectable = can.delete || extraTools.some((x) => x.needsSelection);
  const tools: ToolItem[] = [
    ...(r.excel && canExport
      ? [
          {
            key: 'export',
            label: t('crud.exportExcel'),
            icon: <DownloadOutlined />,
            onClick: () => downloadFile(`${r.api}/export`, lastQuery.current, `${r.label.zh}.xlsx`),
          },
        ]
      : []),
    ...(r.excel && canImport
      ? [{ key: 'import', label: t('crud.importExcel'), icon: <UploadOutlined />, onClick: () => setImporting(true) }]
      : []),
    ...(can.add
      ? [
          {
            key: 'add',
            label: t('crud.add'),
            icon: <PlusOutlined />,
            primary: true,
            onClick: () => openAdd(),
          },
        ]
      : []),
    ...(can.delete
      ? [{ key: 'batch-delete', label: t('crud.batchDelete'), icon: <DeleteOutlined />, danger: true, onClick: batchDelete }]
      : []),
    ...extraTools.map((x) => ({
      key: x.key,
      label: x.label,
      icon: x.icon,
      onClick: x.needsSelection ? withSelection(x.onClick) : () => x.onClick(selected),
    })),
  ];

  return (
    // ProComponents 2.8 does not follow antd's locale; it needs its own intl.
    <ProConfigProvider intl={lang === 'en' ? enUSIntl : zhCNIntl}>
      <div data-testid={testId ?? `resource-page-${r.name}`}>
        <ProTable<Row>
          rowKey="id"
          headerTitle={title ?? r.label[lang]}
          params={listParams}
          columns={columns}
          actionRef={actionRef}
          request={request}
          onRequestError={() => {}}
          dateFormatter="string"
          scroll={{ x: 'max-content' }}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  // Each row's box says what it does (screen readers; axe 'label').
                  // Built-in rows cannot be removed, so they cannot be picked for a bulk remove either.
                  getCheckboxProps: (row: Row) =>
                    ({ 'aria-label': t('crud.selectRow'), disabled: Boolean(r.builtIn && Number(row[r.builtIn] ?? 0) !== 0) }) as object,
                  // antd labels the header box "Select all" in every language.
                  getTitleCheckboxProps: () => ({ 'aria-label': t('crud.selectAll') }),
                }
              : false
          }
          search={{ labelWidth: 95, defaultCollapsed: false, optionRender: searchButtons }}
          pagination={isTree ? false : { defaultPageSize: 10, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, showQuickJumper: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.empty')} /> }}
          options={{ fullScreen: false, reload: true, density: true, setting: true }}
          // antd counts the selection column and then subtracts one: 3 puts the tree toggle in the first data column.
          {...(isTree ? { dataSource: treeRows, onDataSourceChange: setTreeRows, expandable: { onExpand, expandIconColumnIndex: 3 } } : {})}
          toolBarRender={() => toolbarButtons(tools, t('crud.more'))}
        />
      </div>
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog resource={r} lang={lang} onClose={() => setImporting(false)} onImported={() => actionRef.current?.reload()} />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <ResourceForm
            resource={r}
            mode={dialog.mode}
            id={dialog.id}
            endpoints={endpoints}
            defaults={preset ? { ...defaults, ...preset } : defaults}
            hiddenFields={hiddenFields}
            onClose={() => setDialog(null)}
            onSaved={() => {
              actionRef.current?.reload();
              onSaved?.();
            }}
          />
        </Suspense>
      )}
    </ProConfigProvider>
  );
}
