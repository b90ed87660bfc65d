import type { Resource } from '@civdesk/meta';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { enableAction } from '../shared/enable.ts';

/** Object-storage settings: the generic list plus "启用" per row (one enabled per tenant). */
export function OssScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const list = useRef<ResourcePageHandle>(null);
  return (
    <ResourcePage
      resource={resource}
      handle={list}
      rowActions={[
        enableAction(
          resource,
          t('sys.oss.enable'),
          (row) => t('sys.oss.enableConfirm', { code: row.ossCode }),
          () => list.current?.reload(),
        ),
      ]}
    />
  );
}
