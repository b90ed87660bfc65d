import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { http } from '../../api/request.ts';
import { toastSuccess } from '../../api/toast.ts';
import { queryClient } from '../../app/query-client.ts';
import { closeAll, closeOthers, closeTab, HOME_TAB, loadTabs, openTab, saveTabs, type Tab } from '../tabs.ts';

const CLEARED_FLAG = 'civdesk-cache-cleared';

/** Every opened page gets a tab (spec 000 §2); `title` is the active page's name. */
export function TabsBar({ title, homeLabel }: { title: string; homeLabel: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const key = pathname + search;
  const [tabs, setTabs] = useState<Tab[]>(() => openTab(loadTabs(), HOME_TAB));

  useEffect(() => {
    if (!title) return;
    setTabs((list) => openTab(list, { key, label: title }));
  }, [key, title]);
  useEffect(() => saveTabs(tabs), [tabs]);

  // After "clear cache" the page reloads, then says so.
  useEffect(() => {
    if (sessionStorage.getItem(CLEARED_FLAG)) {
      sessionStorage.removeItem(CLEARED_FLAG);
      toastSuccess(t('shell.tabs.cleared'));
    }
  }, [t]);

  const close = (k: string) => {
    const r = closeTab(tabs, k, key);
    setTabs(r.tabs);
    if (r.next) navigate(r.next);
  };

  const clearCache = () =>
    Modal.confirm({
      title: t('shell.confirmTitle'),
      content: t('shell.tabs.clearConfirm'),
      okText: t('shell.ok'),
      cancelText: t('shell.cancel'),
      okButtonProps: { 'data-testid': 'confirm-clear-cache' } as Record<string, string>,
      onOk: async () => {
        await http.get('/api/blade-auth/oauth/clear-cache', { meta: { silentCodes: 'all' } }).catch(() => {});
        queryClient.clear();
        sessionStorage.setItem(CLEARED_FLAG, '1');
        window.location.reload();
      },
    });

  return (
    <div className="shell-tabs" data-testid="tabs-bar">
      <nav className="shell-tab-list" aria-label={t('shell.tabs.menu')}>
        {tabs.map((tab) => {
          const selected = tab.key === key;
          return (
            <div key={tab.key} className={`shell-tab${selected ? ' is-active' : ''}`} data-testid="tab" data-key={tab.key}>
              <button
                type="button"
                aria-current={selected ? 'page' : undefined}
                className="shell-tab-label"
                onClick={() => navigate(tab.key)}
              >
                {tab.key === HOME_TAB.key ? homeLabel : tab.label}
              </button>
              {tabs.length > 1 && (
                <button
                  type="button"
                  className="shell-tab-close"
                  aria-label={`${t('shell.tabs.close')} ${tab.key === HOME_TAB.key ? homeLabel : tab.label}`}
                  onClick={() => close(tab.key)}
                  data-testid="tab-close"
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          );
        })}
      </nav>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'others', label: <span data-testid="tabs-close-others">{t('shell.tabs.closeOthers')}</span> },
            { key: 'all', label: <span data-testid="tabs-close-all">{t('shell.tabs.closeAll')}</span> },
            { key: 'cache', label: <span data-testid="tabs-clear-cache">{t('shell.tabs.clearCache')}</span> },
          ],
          onClick: ({ key: action }) => {
            if (action === 'others') setTabs(openTab(closeOthers(tabs, key), { key, label: title }));
            if (action === 'all') {
              setTabs(closeAll(tabs));
              navigate(HOME_TAB.key);
            }
            if (action === 'cache') clearCache();
          },
        }}
      >
        <Button size="small" type="text" data-testid="tabs-menu">
          {t('shell.tabs.menu')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
