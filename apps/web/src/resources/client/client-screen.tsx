import type { Resource } from '@civdesk/meta';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/request.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';
import { showSm2Key, sm2ButtonLabel } from './sm2-key.tsx';

/**
 * OAuth clients: the secret is never listed; "重置密钥" makes a new one and shows it this once.
 * "SM2公钥" shows the key SpringBlade/Saber clients encrypt passwords with.
 */
export function ClientScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const lang = useLang();
  const reset = (id: string, clientId: string) =>
    Modal.confirm({
      title: t('sys.client.resetSecret'),
      content: t('sys.client.resetConfirm', { id: clientId }),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: async () => {
        try {
          const data = await postData<{ clientSecret: string }>(`${resource.api}/reset-secret`, null, { params: { id } });
          Modal.info({
            title: t('sys.client.newSecret', { id: clientId }),
            content: (
              <Typography.Text copyable code data-testid="client-new-secret">
                {data.clientSecret}
              </Typography.Text>
            ),
          });
        } catch {
          // the request layer has said why
        }
      },
    });
  return (
    <ResourcePage
      resource={resource}
      toolbarActions={[{ key: 'sm2', label: sm2ButtonLabel(lang), perm: 'client_view', onClick: () => void showSm2Key(lang) }]}
      rowActions={[
        {
          key: 'secret',
          label: t('sys.client.resetSecret'),
          perm: 'client_secret',
          danger: true,
          onClick: (row) => reset(row.id, String(row.clientId)),
        },
      ]}
    />
  );
}
