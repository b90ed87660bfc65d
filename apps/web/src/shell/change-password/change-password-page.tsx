import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Password from 'antd/es/input/Password';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changePassword } from '../../api/account.ts';
import { mustChangePassword } from '../../api/session.ts';
import { toastSuccess } from '../../api/toast.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { LoginField } from '../login/login-field.tsx';
import '../login/login-page.css';

type Key = 'oldPassword' | 'newPassword' | 'newPassword1';
const fields: [Key, string, string][] = [
  ['oldPassword', 'changePassword.oldPassword', 'changePassword.oldRequired'],
  ['newPassword', 'changePassword.newPassword', 'changePassword.newRequired'],
  ['newPassword1', 'changePassword.confirmPassword', 'changePassword.confirmRequired'],
];

/**
 * /changepwd (spec 000 §2, §4): old, new and confirmation. A user on an initial password lands
 * here with the warning and cannot go anywhere else until it is changed.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Key, string>>({ oldPassword: '', newPassword: '', newPassword1: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [busy, setBusy] = useState(false);
  const initial = mustChangePassword();

  useEffect(() => {
    document.title = t('changePassword.title');
  }, [t]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Key, string>> = {};
    for (const [key, , required] of fields) if (!values[key]) found[key] = t(required);
    if (!found.newPassword1 && values.newPassword1 !== values.newPassword) found.newPassword1 = t('changePassword.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await changePassword(values);
      toastSuccess(t('changePassword.success'));
      navigate('/', { replace: true });
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <section className="login-card">
        <h1 className="login-title">{t('changePassword.title')}</h1>
        {initial && (
          <Alert
            type="warning"
            showIcon
            message={t('changePassword.initialWarning')}
            style={{ marginBottom: 16 }}
            data-testid="initial-warning"
          />
        )}
        <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
          {fields.map(([key, label]) => (
            <LoginField key={key} id={`pwd-${key}`} label={t(label)} error={errors[key]}>
              <Password
                id={`pwd-${key}`}
                size="large"
                value={values[key]}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [key]: e.target.value }));
                  setErrors((x) => ({ ...x, [key]: undefined }));
                }}
                status={errors[key] && 'error'}
                data-testid={`field-${key}`}
                autoComplete={key === 'oldPassword' ? 'current-password' : 'new-password'}
              />
            </LoginField>
          ))}
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="btn-change-password">
            {t('changePassword.submit')}
          </Button>
        </form>
      </section>
    </main>
  );
}
