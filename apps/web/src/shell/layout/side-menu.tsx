import { DesktopOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../i18n/index.ts';
import { activeItem, ancestorsOf, type MenuItem } from '../menu-model.ts';
import { confirmLogout } from './confirm-logout.ts';
import { MenuIcon } from './menu-icon.tsx';
import { labelOf, useShell } from './shell-context.tsx';

/** Opens an entry: a new window for isOpen 2, otherwise the route. */
export function openEntry(item: MenuItem, navigate: (to: string) => void) {
  if (item.newWindow) {
    window.open(item.frame ? item.rawPath : item.path, '_blank', 'noopener');
    return;
  }
  navigate(item.path);
}

/** The sidebar: the user's menu (or the desk's fixed entries), groups open on the active entry. */
export function SideMenu() {
  const { items, mode } = useShell();
  const lang = useLang();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const active = activeItem(items, pathname, params.get('menuId'));
  // Every group starts open (a short back-office menu); the user folds what they like.
  const groups = useMemo(() => items.filter((i) => i.children.length).map((i) => i.id), [items]);
  const [closed, setClosed] = useState<string[]>([]);
  const open = [...new Set([...groups, ...(active ? (ancestorsOf(items, active.id) ?? []) : [])])].filter((k) => !closed.includes(k));

  const toItems = (list: MenuItem[]): MenuProps['items'] =>
    list.map((i) =>
      i.children.length
        ? { key: i.id, icon: <MenuIcon name={i.icon} group />, label: labelOf(i, lang), children: toItems(i.children) }
        : {
            key: i.id,
            icon: <MenuIcon name={i.icon} />,
            label: i.newWindow ? (
              <a href={i.frame ? i.rawPath : i.path} target="_blank" rel="noopener noreferrer" data-testid={`menu-${i.code}`}>
                {labelOf(i, lang)}
              </a>
            ) : (
              <Link to={i.path} data-testid={`menu-${i.code}`}>
                {labelOf(i, lang)}
              </Link>
            ),
          },
    );

  if (mode.kind === 'desk') {
    const desk: MenuProps['items'] = [
      {
        key: '/wel/index',
        icon: <DesktopOutlined />,
        label: (
          <Link to="/wel/index" data-testid="desk-desktop">
            {t('shell.desk.desktop')}
          </Link>
        ),
      },
      {
        key: '/info/index',
        icon: <UserOutlined />,
        label: (
          <Link to="/info/index" data-testid="desk-info">
            {t('shell.desk.info')}
          </Link>
        ),
      },
      {
        key: '/changepwd',
        icon: <KeyOutlined />,
        label: (
          <Link to="/changepwd" data-testid="desk-password">
            {t('shell.desk.password')}
          </Link>
        ),
      },
      {
        key: 'logout',
        icon: <LogoutOutlined />,
        label: <span data-testid="desk-logout">{t('shell.desk.logout')}</span>,
        onClick: () => confirmLogout(navigate),
      },
    ];
    return <Menu className="shell-menu" mode="inline" items={desk} selectedKeys={[pathname]} data-testid="side-menu" />;
  }

  return (
    <Menu
      className="shell-menu"
      mode="inline"
      items={toItems(items)}
      selectedKeys={active ? [active.id] : []}
      openKeys={open}
      onOpenChange={(keys) => setClosed(groups.filter((g) => !keys.includes(g)))}
      data-testid="side-menu"
    />
  );
}
