import type { Resource } from '@civdesk/meta';
import { message } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/request.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';

/** Data sources with a connection test of a saved source (the server connects; hosts are allow-listed). */
export function DatasourceScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const test = async (id: string) => {
    try {
      await postData(`${resource.api}/test`, { id });
    } catch {
      return; // the request layer shows why (refused host, wrong password…)
    }
    message.success(t('sys.datasource.testOk'));
  };
  return (
    <ResourcePage
      resource={resource}
      rowActions={[{ key: 'test', label: t('sys.datasource.test'), perm: 'datasource_edit', onClick: (row) => void test(row.id) }]}
    />
  );
}
