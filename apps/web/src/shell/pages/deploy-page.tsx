import '../../i18n/shell-texts.ts';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import md5 from 'blueimp-md5';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/request.ts';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { LoginField } from '../login/login-field.tsx';
import '../login/login-page.css';

/** /deploy: the operations sign-in (an account holding the deploy permission). */
export function DeployPage() {
  const { t } = useTranslation();
  const [v, setV] = useState({ tenantId: '000000', username: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    document.title = t('shell.pages.deploy');
  }, [t]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!v.username || !v.password) {
      toastError(t('login.accountRequired'));
      return;
    }
    setBusy(true);
    try {
      await http.post('/api/blade-auth/oauth/deploy-check', null, {
        params: { username: v.username, password: md5(v.password), tenantId: v.tenantId },
        headers: { 'Tenant-Id': v.tenantId },
        meta: { isToken: false },
      });
      setPassed(true);
      toastSuccess(t('shell.pages.deployOk'));
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <main className="login-page" data-testid="page-deploy">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <section className="login-card">
        <h1 className="login-title">{t('shell.pages.deploy')}</h1>
        {passed && <p data-testid="deploy-ok">{t('shell.pages.deployOk')}</p>}
        <form onSubmit={submit} noValidate>
          <LoginField id="deploy-tenant" label={t('login.tenant')}>
            <Input id="deploy-tenant" size="large" value={v.tenantId} onChange={set('tenantId')} />
          </LoginField>
          <LoginField id="deploy-user" label={t('login.account')}>
            <Input id="deploy-user" size="large" value={v.username} onChange={set('username')} autoComplete="username" />
          </LoginField>
          <LoginField id="deploy-password" label={t('login.password')}>
            <Password id="deploy-password" size="large" value={v.password} onChange={set('password')} autoComplete="current-password" />
          </LoginField>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('login.submit')}
          </Button>
        </form>
      </section>
    </main>
  );
}
