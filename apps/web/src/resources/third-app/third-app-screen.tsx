import type { Resource } from '@civdesk/meta';
import { thirdApp, thirdAppPermission } from '@civdesk/resources';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { postParams } from '../shared/actions.ts';
import { RolePickerDialog } from '../user/user-dialogs.tsx';

const PERM = thirdAppPermission.api;

/** Third-party apps with the roles that may use each (`getListByApp`, `batchBind` replaces them). */
export function ThirdAppScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [binding, setBinding] = useState<{ appId: string; roles: string[] } | null>(null);
  const open = async (appId: string) => {
    try {
      const bound = await getData<{ roleId: string }[]>(`${PERM}/getListByApp`, { appId });
      setBinding({ appId, roles: bound.map((b) => String(b.roleId)) });
    } catch {
      // the request layer has said why
    }
  };
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[{ key: 'bind', label: t('sys.thirdApp.bind'), perm: 'third-app_edit', onClick: (row) => void open(row.id) }]}
      />
      {binding && (
        <RolePickerDialog
          title={t('sys.thirdApp.bindTitle')}
          initial={binding.roles}
          testId="third-app-bind-dialog"
          save={(roleIds) => postParams(`${PERM}/batchBind`, { appId: binding.appId, roleIds: roleIds.join(',') })}
          onClose={() => setBinding(null)}
          onDone={() => {}}
        />
      )}
    </>
  );
}

/** 应用授权: the applications, each with the roles that may use it, bound from the row's 授权 action. */
export function ThirdAppPermissionScreen() {
  return <ThirdAppScreen resource={thirdApp} />;
}
