import { apiScope, dataScope } from '@civdesk/resources';
import { Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';

/**
 * The data scopes and API scopes beneath one menu: the generic lists of both, filtered to the menu
 * (menuId_equal) and adding new ones under it.
 */
export function MenuScopesDialog({ menu, onClose }: { menu: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [kind, setKind] = useState<'data' | 'api'>('data');
  const r = kind === 'data' ? dataScope : apiScope;
  return (
    <Modal
      open
      width="85%"
      footer={null}
      title={t('sys.menu.scopesTitle', { name: menu.name })}
      onCancel={onClose}
      wrapProps={{ 'data-testid': 'menu-scopes-dialog' }}
      destroyOnHidden
    >
      <Radio.Group
        optionType="button"
        value={kind}
        onChange={(e) => setKind(e.target.value)}
        options={[
          { value: 'data', label: <span data-testid="scopes-tab-data">{t('sys.menu.dataScopes')}</span> },
          { value: 'api', label: <span data-testid="scopes-tab-api">{t('sys.menu.apiScopes')}</span> },
        ]}
      />
      <ResourcePage
        key={r.name}
        resource={r}
        title={r.label[lang]}
        fixedQuery={{ menuId_equal: menu.id }}
        defaults={{ menuId: menu.id }}
        testId={`menu-scopes-${kind}`}
      />
    </Modal>
  );
}
