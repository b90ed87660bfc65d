import type { Resource } from '@civdesk/meta';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.ts';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { MENU_ICONS } from '../../icons/menu-icons.ts';
import { MenuScopesDialog } from './scopes-dialog.tsx';

// The icon drawn beside its name (a name no longer offered shows as text).
const cells = {
  source: (row: Row) => {
    const name = String(row.source ?? '');
    const Icon = MENU_ICONS[name];
    return name ? (
      <span data-testid={`icon-${row.id}`}>
        {Icon ? <Icon /> : null} {name}
      </span>
    ) : (
      '-'
    );
  },
};

/** Menus as a tree table; each menu opens the data and API scopes beneath it. Buttons (category 2) have none. */
export function MenuScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const list = useRef<ResourcePageHandle>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={list}
        renderCell={cells}
        rowActions={[
          // A child of this menu (buttons take none).
          {
            key: 'add-child',
            label: t('sys.menu.addChild'),
            perm: 'menu_add',
            hidden: (row) => Number(row.category) === 2,
            onClick: (row) => list.current?.add({ parentId: row.id }),
          },
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
