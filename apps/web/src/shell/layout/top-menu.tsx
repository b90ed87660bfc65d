import { HomeOutlined } from '@ant-design/icons';
import { menuGroupByCode } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getUserInfo } from '../../api/session.ts';
import { fetchRoutes, fetchTopMenus, type TopMenu as Top } from '../../api/shell.ts';
import { useLang } from '../../i18n/index.ts';
import { buildMenu, firstLeaf, type MenuItem, type ServerMenu } from '../menu-model.ts';
import { labelOf, useShell } from './shell-context.tsx';
import { openEntry } from './side-menu.tsx';

/** The top menu loads about 2 seconds after the page. */
export const TOP_MENU_DELAY = 2000;

const roles = () =>
  String(getUserInfo()?.role_name ?? '')
    .split(',')
    .filter(Boolean);

/** A top menu's name in the UI language: the product's own carry the English of their group. */
const topLabel = (top: Top, lang: string) => (lang === 'en' ? (menuGroupByCode.get(top.code)?.label.en ?? top.name) : top.name);

/** A top item's second and third levels, shown as a panel. */
function Panel({ items, onPick }: { items: MenuItem[]; onPick: (i: MenuItem) => void }) {
  const lang = useLang();
  return (
    <div className="top-panel" data-testid="top-panel">
      {items.map((second) => (
        <div key={second.id} className="top-panel-col">
          <button type="button" className="top-panel-head" onClick={() => onPick(second)}>
            {labelOf(second, lang)}
          </button>
          {second.children.map((third) => (
            <button
              type="button"
              key={third.id}
              className="top-panel-item"
              onClick={() => onPick(third)}
              data-testid={`top-panel-${third.code}`}
            >
              {labelOf(third, lang)}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

function TopItem({ top, onChoose }: { top: Top; onChoose: (top: Top) => void }) {
  const { data } = useQuery({ queryKey: ['menu-routes', top.id], queryFn: () => fetchRoutes(top.id), staleTime: Number.POSITIVE_INFINITY });
  const navigate = useNavigate();
  const { setMode } = useShell();
  const lang = useLang();
  const items = buildMenu((data ?? []) as ServerMenu[], roles());
  const second = items.flatMap((i) => (i.children.length ? i.children : [i]));
  return (
    <Popover
      placement="bottomLeft"
      trigger="hover"
      content={
        second.length ? (
          <Panel
            items={second}
            onPick={(i) => {
              setMode({ kind: 'top', topMenuId: top.id });
              const leaf = firstLeaf(i);
              if (leaf) openEntry(leaf, (to) => void navigate(to));
            }}
          />
        ) : null
      }
    >
      <button type="button" className="top-menu-item" onClick={() => onChoose(top)} data-testid={`top-menu-${top.code}`}>
        {topLabel(top, lang)}
      </button>
    </Popover>
  );
}

/** Home first, then the user's top menus (loaded ~2 s after the page). */
export function TopMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setMode, mode } = useShell();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), TOP_MENU_DELAY);
    return () => clearTimeout(timer);
  }, []);
  const { data: tops = [] } = useQuery({
    queryKey: ['top-menu'],
    queryFn: fetchTopMenus,
    enabled: ready,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const choose = async (top: Top) => {
    setMode({ kind: 'top', topMenuId: top.id });
    const items = buildMenu((await fetchRoutes(top.id)) as ServerMenu[], roles());
    const leaf = items.map(firstLeaf).find(Boolean);
    if (leaf) openEntry(leaf, (to) => void navigate(to));
  };

  return (
    <nav className="top-menu" data-testid="top-menu" aria-label="top menu">
      <button
        type="button"
        className={`top-menu-item${mode.kind === 'desk' ? ' is-active' : ''}`}
        onClick={() => {
          setMode({ kind: 'desk' });
          navigate('/wel/index');
        }}
        data-testid="top-menu-home"
      >
        <HomeOutlined /> {t('shell.home')}
      </button>
      {tops.map((top) => (
        <TopItem key={top.id} top={top} onChoose={choose} />
      ))}
    </nav>
  );
}
