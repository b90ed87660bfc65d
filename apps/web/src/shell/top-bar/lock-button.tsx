import { LockOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOCK_DELAY, lock, lockPassword, setLockPassword } from '../lock/lock-state.ts';

/** Lock screen: asks for a lock password when none is set, then /lock after 100 ms. */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [asking, setAsking] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  const lockNow = () => {
    lock(pathname + search);
    setTimeout(() => navigate('/lock'), LOCK_DELAY);
  };
  const submit = () => {
    if (!value.trim()) {
      setError(t('shell.lock.required'));
      return;
    }
    setLockPassword(value);
    setAsking(false);
    lockNow();
  };

  return (
    <>
      <Tooltip title={t('shell.lock.button')}>
        <Button
          type="text"
          icon={<LockOutlined />}
          onClick={() => (lockPassword() ? lockNow() : setAsking(true))}
          data-testid="btn-lock"
          aria-label={t('shell.lock.button')}
        />
      </Tooltip>
      <Modal
        open={asking}
        title={t('shell.lock.title')}
        onOk={submit}
        onCancel={() => setAsking(false)}
        okText={t('shell.ok')}
        cancelText={t('shell.cancel')}
        okButtonProps={{ 'data-testid': 'lock-set' } as Record<string, string>}
        width={350}
        destroyOnHidden
      >
        <label htmlFor="lock-password">{t('shell.lock.password')}</label>
        <Input.Password
          id="lock-password"
          value={value}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          onPressEnter={submit}
          data-testid="lock-password"
        />
        <div className="shell-field-error" role={error ? 'alert' : undefined} data-testid="lock-error">
          {error}
        </div>
      </Modal>
    </>
  );
}
