import '../../i18n/shell-texts.ts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Password from 'antd/es/input/Password';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changePassword, fetchPasswordRules, type PasswordRules } from '../../api/account.ts';
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
 * /changepwd: old, new and confirmation. A user on an initial password lands
 * here with the warning and cannot go anywhere else until it is changed.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Key, string>>({ oldPassword: '', newPassword: '', newPassword1: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [busy, setBusy] = useState(false);
  const [rules, setRules] = useState<PasswordRules>();
  const initial = mustChangePassword();

  useEffect(() => {
    document.title = t('changePassword.title');
  }, [t]);
  useEffect(() => {
    fetchPasswordRules().then(setRules, () => {});
  }, []);
  // The rules as one sentence: 新密码须长度不少于8位、包含大写字母…
  const ruleText = rules
    ? [
        t('shell.password.rules.length', { n: rules.minLength }),
        ...(['needUpper', 'needLower', 'needDigit', 'needSpecial'] as const)
          .filter((k) => rules[k])
          .map((k) => t(`shell.password.rules.${k}`)),
        ...(rules.historyCount ? [t('shell.password.rules.history', { n: rules.historyCount })] : []),
      ].join(t('shell.password.rules.separator'))
    : '';
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/', { replace: true }));

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
        {ruleText && (
          <p className="login-hint" id="password-rules" data-testid="password-rules">
            {t('shell.password.rules.lead')}
            {ruleText}
            {t('shell.password.rules.end')}
          </p>
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
          {!initial && (
            <Button type="link" block onClick={back} style={{ marginTop: 8 }} data-testid="btn-change-password-back">
              {t('shell.password.back')}
            </Button>
          )}
        </form>
      </section>
    </main>
  );
}
