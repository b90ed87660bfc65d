import type { Resource } from '@civdesk/meta';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { RoleGrantDialog } from './grant-dialog.tsx';

/** Roles (a tree per tenant) with the grant dialog, for one row or the selected rows. */
export function RoleScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<string[] | null>(null);
  const list = useRef<ResourcePageHandle>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={list}
        rowActions={[{ key: 'grant', label: t('sys.role.grant'), perm: 'role_grant', onClick: (row) => setGranting([row.id]) }]}
      />
      {granting && <RoleGrantDialog roleIds={granting} onClose={() => setGranting(null)} onDone={() => list.current?.reload()} />}
    </>
  );
}
