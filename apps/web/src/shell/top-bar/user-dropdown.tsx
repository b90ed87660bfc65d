import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onSessionChange, userInfoSnapshot } from '../../api/session.ts';
import { confirmLogout } from '../layout/confirm-logout.ts';

const SwitchDialog = lazy(() => import('../switch-dialog.tsx').then((m) => ({ default: m.SwitchDialog })));

/** Avatar and name; dashboard, user info, switch dept/role (switch mode), log out. */
export function UserDropdown({ switchMode }: { switchMode: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = JSON.parse(useSyncExternalStore(onSessionChange, userInfoSnapshot)) as Record<string, string> | null;
  const [switching, setSwitching] = useState(false);
  // Right after sign-in in switch mode, a user with several departments or roles chooses.
  useEffect(() => {
    if (switchMode && sessionStorage.getItem('civdesk-choose-dept-role')) {
      sessionStorage.removeItem('civdesk-choose-dept-role');
      setSwitching(true);
    }
  }, [switchMode]);
  const name = user?.real_name || user?.nick_name || user?.user_name || user?.account || t('header.user');
  const items = [
    { key: 'dashboard', label: <span data-testid="menu-dashboard">{t('shell.dashboard')}</span> },
    { key: 'info', label: <span data-testid="menu-user-info">{t('shell.userInfo')}</span> },
    ...(switchMode ? [{ key: 'switch', label: <span data-testid="menu-switch">{t('shell.switchDept')}</span> }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: <span data-testid="btn-logout">{t('shell.logout')}</span> },
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'dashboard') navigate('/wel/dashboard');
            if (key === 'info') navigate('/info/index');
            if (key === 'switch') setSwitching(true);
            if (key === 'logout') confirmLogout(navigate);
          },
        }}
      >
        <button type="button" className="shell-user" data-testid="user-menu">
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
          <span className="shell-user-name" data-testid="user-name">
            {name}
          </span>
          <DownOutlined />
        </button>
      </Dropdown>
      {switching && (
        <Suspense fallback={null}>
          <SwitchDialog onClose={() => setSwitching(false)} />
        </Suspense>
      )}
    </>
  );
}
