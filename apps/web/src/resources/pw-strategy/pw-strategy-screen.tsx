import '../../i18n/crud-texts.ts';
import type { Resource } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import type { Row } from '../../crud/crud-api.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { useLang } from '../../i18n/index.ts';

// The same dialog as every list's add/edit (already its own chunk).
const ResourceForm = lazy(() => import('../../crud/resource-form.tsx').then((m) => ({ default: m.ResourceForm })));

/**
 * The tenant's password policy (one record, `getStrategy` / `cusSubmit`): shown as it is, edited in
 * the resource's dialog with the definition's limits (length 6–32, expiry 0–3650 days, history 0–24).
 */
export function PwStrategyScreen({ resource: r }: { resource: Resource }) {
  const { t } = useTranslation();
  const lang = useLang();
  const perms = useButtonPermissions();
  const [editing, setEditing] = useState(false);
  const policy = useQuery({
    queryKey: ['pw-strategy'],
    queryFn: () => getData<Row & { id?: string }>(`${r.api}/getStrategy`),
    gcTime: 0,
  });
  const shown = (key: string, v: unknown) => {
    const f = r.fields[key];
    const option = f.options?.find((o) => String(o.value) === String(v));
    return option ? option.label[lang] : v === null || v === undefined || v === '' ? '-' : String(v);
  };
  const endpoints = { detail: `${r.api}/getStrategy`, create: `${r.api}/cusSubmit`, update: `${r.api}/cusSubmit` };
  return (
    <div data-testid="pw-strategy-screen" style={{ background: '#fff', borderRadius: 8, padding: 24, maxWidth: 720 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('sys.pwStrategy.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sys.pwStrategy.hint')}</Typography.Paragraph>
      {policy.isLoading ? (
        <Spin />
      ) : (
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 24px' }}>
          {Object.entries(r.fields).map(([key, f]) => [
            <dt key={`${key}-label`} style={{ color: 'rgba(0,0,0,.55)' }}>
              {f.label[lang]}
            </dt>,
            <dd key={key} data-testid={`policy-${key}`} style={{ margin: 0 }}>
              {shown(key, policy.data?.[key] ?? f.default)}
            </dd>,
          ])}
        </dl>
      )}
      {perms.has('pw-strategy_edit') && (
        <Button type="primary" data-testid="btn-edit-policy" disabled={policy.isLoading} onClick={() => setEditing(true)}>
          {t('crud.edit')}
        </Button>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ResourceForm
            resource={r}
            mode={policy.data?.id ? 'update' : 'create'}
            id={policy.data?.id ? String(policy.data.id) : undefined}
            endpoints={endpoints}
            defaults={policy.data ?? undefined}
            onClose={() => setEditing(false)}
            onSaved={() => void policy.refetch()}
          />
        </Suspense>
      )}
    </div>
  );
}
