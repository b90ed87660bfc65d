import type { Resource } from '@civdesk/meta';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/request.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { MenuCheckDialog } from '../shared/menu-check-dialog.tsx';

/**
 * Top menus with the menus each one shows (`topmenu/grant`). A bound menu brings the menus beneath
 * it, as the sidebar does (`menu/routes?topMenuId=`).
 */
export function TopMenuGrantDialog({ topMenuIds, onClose }: { topMenuIds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = topMenuIds.join(',');
  return (
    <MenuCheckDialog
      title={t('sys.topMenu.grantTitle')}
      testId="top-menu-grant"
      heldKey={['top-tree-keys', ids]}
      loadHeld={async () => (await getData<{ menu: string[] }>('/api/blade-system/menu/top-tree-keys', { topMenuIds: ids })).menu}
      save={(menuIds) => postData('/api/blade-system/topmenu/grant', null, { params: { topMenuIds: ids, menuIds: menuIds.join(',') } })}
      onClose={onClose}
    />
  );
}

/** Top menus: the generic list plus "assign menus" per row and over the selection. */
export function TopMenuScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<string[] | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        toolbarActions={[
          { key: 'menu-grant', label: t('sys.topMenu.grant'), perm: 'top-menu_grant', needsSelection: true, onClick: setGranting },
        ]}
        rowActions={[{ key: 'menu-grant', label: t('sys.topMenu.grant'), perm: 'top-menu_grant', onClick: (row) => setGranting([row.id]) }]}
      />
      {granting && <TopMenuGrantDialog topMenuIds={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
