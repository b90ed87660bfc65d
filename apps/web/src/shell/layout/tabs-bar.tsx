import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getData, http } from '../../api/request.ts';
import { toastSuccess } from '../../api/toast.ts';
import { queryClient } from '../../app/query-client.ts';
import { closeAll, closeOthers, closeSide, closeTab, HOME_TAB, loadTabs, openTab, refreshTab, saveTabs, type Tab } from '../tabs.ts';

const CLEARED_FLAG = 'civdesk-cache-cleared';

/** Every opened page gets a tab; `title` is the active page's name. */
export function TabsBar({
  title,
  homeLabel,
  labelOf = () => undefined,
}: {
  title: string;
  homeLabel: string;
  /** A tab's current name (in the UI language); the stored one when unknown. */
  labelOf?: (key: string) => string | undefined;
}) {
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
  // The active tab is always in view, however many are open.
  const list = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls whenever the active tab or the list changes
  useEffect(() => {
    list.current?.querySelector('.shell-tab.is-active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [key, tabs]);

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
  /** Keeps `rest`; when the active tab is not among them, opens `k`. */
  const keep = (rest: Tab[], k: string) => {
    setTabs(rest);
    if (!rest.some((x) => x.key === key)) navigate(k);
  };
  const onTabAction = (action: string, k: string) => {
    if (action === 'refresh') {
      refreshTab(k);
      if (k !== key) navigate(k);
    }
    if (action === 'close') close(k);
    if (action === 'others') keep(closeOthers(tabs, k), k);
    if (action === 'left' || action === 'right') keep(closeSide(tabs, k, action), k);
  };
  const tabMenu = (k: string) => {
    const i = tabs.findIndex((x) => x.key === k);
    const home = k === HOME_TAB.key;
    return [
      { key: 'refresh', label: <span data-testid="tab-refresh">{t('shell.tabs.refresh')}</span> },
      { key: 'close', disabled: home, label: <span data-testid="tab-close-one">{t('shell.tabs.close')}</span> },
      { key: 'others', label: <span data-testid="tab-close-others">{t('shell.tabs.closeOthers')}</span> },
      { key: 'left', disabled: i <= 1, label: <span data-testid="tab-close-left">{t('shell.tabs.closeLeft')}</span> },
      { key: 'right', disabled: i === tabs.length - 1, label: <span data-testid="tab-close-right">{t('shell.tabs.closeRight')}</span> },
    ];
  };

  // The server may switch the clear-cache item off (parameter upgrade.clearCacheButton); offered unless it says so.
  const clearButton = useQuery({
    queryKey: ['clear-cache-button'],
    queryFn: () => getData<{ enabled: boolean }>('/api/blade-upgrade/upgrade/enabledclearbtn'),
    staleTime: Number.POSITIVE_INFINITY,
  });
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
      <nav className="shell-tab-list" aria-label={t('shell.tabs.menu')} ref={list}>
        {tabs.map((tab) => {
          const selected = tab.key === key;
          return (
            <Dropdown
              key={tab.key}
              trigger={['contextMenu']}
              menu={{ items: tabMenu(tab.key), onClick: ({ key: action }) => onTabAction(action, tab.key) }}
            >
              <div className={`shell-tab${selected ? ' is-active' : ''}`} data-testid="tab" data-key={tab.key}>
                <button
                  type="button"
                  aria-current={selected ? 'page' : undefined}
                  className="shell-tab-label"
                  onClick={() => navigate(tab.key)}
                >
                  {tab.key === HOME_TAB.key ? homeLabel : (labelOf(tab.key) ?? tab.label)}
                </button>
                {tab.key !== HOME_TAB.key && (
                  <button
                    type="button"
                    className="shell-tab-close"
                    aria-label={`${t('shell.tabs.close')} ${tab.key === HOME_TAB.key ? homeLabel : (labelOf(tab.key) ?? tab.label)}`}
                    onClick={() => close(tab.key)}
                    data-testid="tab-close"
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </nav>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'others', label: <span data-testid="tabs-close-others">{t('shell.tabs.closeOthers')}</span> },
            { key: 'all', label: <span data-testid="tabs-close-all">{t('shell.tabs.closeAll')}</span> },
            ...(clearButton.data?.enabled === false
              ? []
              : [{ key: 'cache', label: <span data-testid="tabs-clear-cache">{t('shell.tabs.clearCache')}</span> }]),
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
