import { Modal } from 'antd';
import { i18n } from '../../i18n/index.ts';
import { logout } from '../logout.ts';

/** Asks, then logs out and goes to /login. */
export function confirmLogout(navigate: (to: string, o?: { replace?: boolean }) => void | Promise<void>) {
  Modal.confirm({
    title: i18n.t('shell.confirmTitle'),
    content: i18n.t('shell.logoutConfirm'),
    okText: i18n.t('shell.ok'),
    cancelText: i18n.t('shell.cancel'),
    okButtonProps: { 'data-testid': 'confirm-logout' } as Record<string, string>,
    onOk: async () => {
      await logout();
      void navigate('/login', { replace: true });
    },
  });
}
