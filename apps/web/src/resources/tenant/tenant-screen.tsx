import type { Resource } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { type DatePickerProps, Form, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentType, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import { fetchDetail, type Row } from '../../crud/crud-api.ts';
import { DATETIME } from '../../crud/list-query.ts';
import { type Opt, optionSourceOf, sourceQuery } from '../../crud/options.ts';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';
import { ActionDialog } from '../shared/action-dialog.tsx';
import { postParams } from '../shared/actions.ts';
import { nextTenantId } from './next-tenant-id.ts';

// antd's DatePicker (≈ 30 KB gzip with its calendar code) loads when the dialog opens, not with the
// list: the search bars' pickers load on demand too (vite.config.ts, `lazy-pickers`).
const LazyDatePicker = lazy(() =>
  import('antd/es/date-picker/index.js').then((m) => ({ default: m.default as ComponentType<DatePickerProps> })),
);
function DatePicker(props: DatePickerProps) {
  return (
    <Suspense fallback={null}>
      <LazyDatePicker {...props} />
    </Suspense>
  );
}

/** The server's limit on a tenant's account quota (`tenant/setting`); -1 = unlimited. */
const MAX_QUOTA = 1_000_000;

type Bind = 'datasource' | 'package';
const BIND_FIELD: Record<Bind, 'datasourceId' | 'packageId'> = { datasource: 'datasourceId', package: 'packageId' };

type Open = { kind: 'setting'; ids: string[] } | { kind: Bind; row: Row } | null;
type Done = { onClose: () => void; onDone: () => void };

/**
 * Account quota and expiry of the selected tenants (`tenant/setting`). One tenant starts with its
 * own values; several start unlimited and without expiry, as the call sets all of them alike.
 */
function SettingDialog({ resource: r, ids, onClose, onDone }: { resource: Resource; ids: string[] } & Done) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ accountNumber: number | null; expireTime: Dayjs | null }>();
  const one = ids.length === 1 ? ids[0] : undefined;
  const detail = useQuery({ queryKey: ['tenant-detail', one], queryFn: () => fetchDetail(r, one!), enabled: Boolean(one), gcTime: 0 });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is wrong
    const params = {
      ids: ids.join(','),
      accountNumber: String(v.accountNumber),
      expireTime: v.expireTime ? v.expireTime.format(DATETIME) : '',
    };
    if (await postParams(`${r.api}/setting`, params)) {
      onDone();
      onClose();
    }
  };
  const row = detail.data;
  return (
    <ActionDialog
      width={460}
      title={t('sys.tenant.settingTitle')}
      testId="tenant-setting-dialog"
      loading={detail.isLoading}
      onOk={submit}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          accountNumber: row?.accountNumber ?? -1,
          expireTime: row?.expireTime ? dayjs(String(row.expireTime), DATETIME) : null,
        }}
      >
        <Form.Item
          name="accountNumber"
          label={r.allFields.accountNumber.label[lang]}
          extra={t('sys.tenant.quotaHint')}
          rules={[
            { required: true, message: t('sys.tenant.quotaRequired') },
            {
              // No min/max on the input: it would silently clamp -5 to -1 instead of saying why.
              validator: (_, v: number | null) =>
                v === null || v === undefined || (Number.isInteger(v) && v >= -1 && v <= MAX_QUOTA)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('sys.tenant.quotaInvalid', { max: MAX_QUOTA }))),
            },
          ]}
        >
          <InputNumber data-testid="field-accountNumber" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expireTime" label={r.allFields.expireTime.label[lang]} extra={t('sys.tenant.expireHint')}>
          <DatePicker data-testid="field-expireTime" showTime format={DATETIME} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/**
 * A tenant's data source or product package (`tenant/datasource`, `tenant/package`), chosen from
 * the same list the edit form offers; cleared, the tenant is unbound. Starts with the row's value.
 */
function BindDialog({ resource: r, kind, row, onClose, onDone }: { resource: Resource; kind: Bind; row: Row } & Done) {
  const { t } = useTranslation();
  const lang = useLang();
  const field = BIND_FIELD[kind];
  const f = r.allFields[field];
  // Both fields reference registered resources, so they have a list of choices (shared with the edit form).
  const options = useQuery(sourceQuery(optionSourceOf(r, f)!)!);
  const initial = row[field] === null || row[field] === undefined || row[field] === '' ? undefined : String(row[field]);
  const [value, setValue] = useState<string | undefined>(initial);
  const submit = async () => {
    if (await postParams(`${r.api}/${kind}`, { tenantId: String(row.tenantId), [field]: value ?? '' })) {
      onDone();
      onClose();
    }
  };
  const label = f.label[lang];
  return (
    <ActionDialog
      width={460}
      title={t(kind === 'datasource' ? 'sys.tenant.datasourceTitle' : 'sys.tenant.packageTitle', { name: row.tenantName })}
      testId={`tenant-${kind}-dialog`}
      loading={options.isLoading}
      onOk={submit}
      onClose={onClose}
    >
      {' '}
      <Form layout="vertical">
        <Form.Item label={label} extra={t('sys.tenant.clearHint')}>
          <Select<string, Opt>
            data-testid={`field-${field}`}
            value={value}
            onChange={setValue}
            options={options.data ?? []}
            loading={options.isLoading}
            placeholder={t('sys.tenant.choose', { name: label })}
            showSearch
            optionFilterProp="label"
            allowClear
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/**
 * Tenants as the platform manages them: besides add/edit/view/delete, authorisation
 * (account quota, expiry) over the selected rows, and a data source and product package per row.
 */
export function TenantScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const list = useRef<ResourcePageHandle>(null);
  const close = () => setOpen(null);
  // A new tenant is offered the next free 租户ID.
  const codes = useQuery({
    queryKey: ['tenant-codes'],
    queryFn: async () => (await getData<{ tenantId: string }[]>(`${resource.api}/select`)).map((x) => x.tenantId),
  });
  const nextId = codes.data ? nextTenantId(codes.data) : '';
  const reload = () => list.current?.reload();
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={list}
        defaults={nextId ? { tenantId: nextId } : undefined}
        onSaved={() => void codes.refetch()}
        deleteConfirm={t('sys.tenant.deleteConfirm')}
        toolbarActions={[
          {
            key: 'setting',
            label: t('sys.tenant.setting'),
            perm: 'tenant_setting',
            needsSelection: true,
            onClick: (ids) => setOpen({ kind: 'setting', ids }),
          },
        ]}
        rowActions={[
          {
            key: 'datasource',
            label: t('sys.tenant.datasource'),
            perm: 'tenant_datasource',
            onClick: (row) => setOpen({ kind: 'datasource', row }),
          },
          { key: 'package', label: t('sys.tenant.package'), perm: 'tenant_package', onClick: (row) => setOpen({ kind: 'package', row }) },
        ]}
      />
      {open?.kind === 'setting' && <SettingDialog resource={resource} ids={open.ids} onClose={close} onDone={reload} />}
      {(open?.kind === 'datasource' || open?.kind === 'package') && (
        <BindDialog resource={resource} kind={open.kind} row={open.row} onClose={close} onDone={reload} />
      )}
    </>
  );
}
