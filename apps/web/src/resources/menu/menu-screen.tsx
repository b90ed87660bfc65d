import type { Resource } from '@civdesk/meta';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { MenuScopesDialog } from './scopes-dialog.tsx';

/** Menus as a tree table; each menu opens the data and API scopes beneath it. Buttons (category 2) have none. */
export function MenuScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[
          {
            key: 'scopes',
            label: t('sys.menu.scopes'),
            perm: 'data-scope_view',
            hidden: (row) => Number(row.category) !== 1,
            onClick: (row) => setOpen({ id: row.id, name: String(row.name) }),
          },
        ]}
      />
      {open && <MenuScopesDialog menu={open} onClose={() => setOpen(null)} />}
    </>
  );
}
