import { permCode, type Resource } from '@civdesk/meta';
import { domainSysMenu } from '@civdesk/resources';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/request.ts';
import type { Row } from '../../crud/crud-api.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { MenuCheckDialog } from '../shared/menu-check-dialog.tsx';

/**
 * Domain systems with the menus each one shows: a row action reads them (`getSysAssignedMenu`)
 * and replaces them as a whole (`assignMenu`); it needs the domain-system-menu edit button, which is
 * what the server checks.
 */
export function DomainSysScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [sys, setSys] = useState<Row | null>(null);
  const api = domainSysMenu.api;
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[{ key: 'assign-menu', label: t('sys.domainSys.assign'), perm: permCode(domainSysMenu, 'edit'), onClick: setSys }]}
      />
      {sys && (
        <MenuCheckDialog
          title={t('sys.domainSys.assignTitle', { name: String(sys.sysName) })}
          testId="domain-sys-menu"
          heldKey={['domain-sys-menus', sys.id]}
          loadHeld={() => getData<string[]>(`${api}/getSysAssignedMenu`, { sysId: sys.id })}
          save={(menuIds) => postData(`${api}/assignMenu`, { roleIds: sys.id, menuIds })}
          onClose={() => setSys(null)}
        />
      )}
    </>
  );
}
