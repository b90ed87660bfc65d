import '../../i18n/shell-texts.ts';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Password from 'antd/es/input/Password';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { getToken, getUserInfo } from '../../api/session.ts';
import { checkSession } from '../../api/shell.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { logout } from '../logout.ts';
import { isLocked, lockedFrom, unlock } from './lock-state.ts';
import './lock-page.css';

/** /lock: the locked screen; the lock password opens it again. */
export function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const user = getUserInfo();
  useEffect(() => {
    document.title = t('shell.lock.locked');
  }, [t]);
  // A lock outlives the tab, not the session: one ended meanwhile (revoked, expired) opens /login
  // and clears the lock instead of holding the next person at someone else's lock screen.
  useEffect(() => {
    if (getToken()) void checkSession();
  }, []);
  if (!getToken()) return <Navigate to="/login" replace />;
  if (!isLocked()) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value) {
      setError(t('shell.lock.required'));
      return;
    }
    if (!unlock(value)) {
      setError(t('shell.lock.wrong'));
      return;
    }
    navigate(lockedFrom(), { replace: true });
  };

  return (
    <main className="lock-page" data-testid="lock-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <form className="lock-card" onSubmit={submit} noValidate>
        <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
        <h1 className="lock-name">{user?.real_name || user?.user_name || user?.account}</h1>
        <p className="lock-hint">
          <LockOutlined /> {t('shell.lock.locked')}
        </p>
        <label htmlFor="unlock-password" className="lock-label">
          {t('shell.lock.password')}
        </label>
        <Password
          id="unlock-password"
          size="large"
          value={value}
          placeholder={t('shell.lock.placeholder')}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          data-testid="unlock-password"
          autoFocus
        />
        <div className="lock-error" role={error ? 'alert' : undefined} data-testid="unlock-error">
          {error}
        </div>
        <Button type="primary" htmlType="submit" size="large" block data-testid="btn-unlock">
          {t('shell.lock.unlock')}
        </Button>
        <Button
          type="link"
          block
          onClick={async () => {
            await logout();
            navigate('/login', { replace: true });
          }}
          data-testid="lock-logout"
        >
          {t('shell.lock.logout')}
        </Button>
      </form>
    </main>
  );
}
