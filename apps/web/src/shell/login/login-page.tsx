import Button from 'antd/es/button';
// Deep imports: the `Input` barrel also pulls TextArea, Search and OTP, which this page never shows.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type Captcha, fetchCaptcha, SignInError, type SignInForm, signIn } from '../../api/auth.ts';
import { loadWebConfig, type WebConfig } from '../../api/request.ts';
import type { TokenAnswer } from '../../api/session.ts';
import { fetchRelatedSites, type RelatedSite } from '../../api/sites.ts';
import { toastError, toastWarning } from '../../api/toast.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { LoginField } from './login-field.tsx';
import { type Method, MethodTabs } from './login-methods.tsx';
import { SocialButtons, useSocialReturn } from './social-login.tsx';
import type { SwitchChoice } from './switch-fields.tsx';
import './login-page.css';

// What only some visitors need comes in one chunk (one more chunk splits shared code and grows the page).
const SwitchFields = lazy(() => import('./login-extras.ts').then((m) => ({ default: m.SwitchFields })));
const RegisterDialog = lazy(() => import('./login-extras.ts').then((m) => ({ default: m.RegisterDialog })));
const UnlockDialog = lazy(() => import('./login-extras.ts').then((m) => ({ default: m.UnlockDialog })));
const PhoneLogin = lazy(() => import('./login-extras.ts').then((m) => ({ default: m.PhoneLogin })));
const CertLogin = lazy(() => import('./login-extras.ts').then((m) => ({ default: m.CertLogin })));

type Values = { tenantId: string; username: string; password: string; code: string };
type Key = keyof Values;

const DEFAULT_TENANT = '000000';
/** Read by the shell: open the department/role choice once after sign-in. */
export const CHOOSE_FLAG = 'civdesk-choose-dept-role';
const requiredText: Record<Key, string> = {
  tenantId: 'login.tenantRequired',
  username: 'login.accountRequired',
  password: 'login.passwordRequired',
  code: 'login.captchaRequired',
};

/**
 * Minimal sign-in: tenant, account, password, and a captcha when the server asks.
 * A plain form with antd inputs keeps the first page a visitor loads small (no antd Form).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ tenantId: DEFAULT_TENANT, username: '', password: '', code: '' });
  // Missing fields by key; the message is translated when shown so a language switch updates it.
  const [missing, setMissing] = useState<Partial<Record<Key, boolean>>>({});
  const errors = Object.fromEntries(
    Object.keys(missing)
      .filter((k) => missing[k as Key])
      .map((k) => [k, t(requiredText[k as Key])]),
  ) as Partial<Record<Key, string>>;
  const [busy, setBusy] = useState(false);
  const [config, setConfig] = useState<WebConfig>();
  const [captcha, setCaptcha] = useState<Captcha>();
  // Captcha mode asks every time; otherwise the server asks after failures of this account here.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captchaMode = (config?.captchaMode ?? false) || captchaAsked;
  const tenantMode = config?.tenantMode ?? true;

  const refreshCaptcha = useCallback(() => {
    fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  }, []);
  const [sites, setSites] = useState<RelatedSite[]>([]);
  const [registering, setRegistering] = useState(false);
  const [unlocking, setUnlocking] = useState(false);
  const [choice, setChoice] = useState<SwitchChoice>({});
  const [method, setMethod] = useState<Method>('account');
  useEffect(() => {
    loadWebConfig().then(setConfig, () => {});
    fetchRelatedSites().then(setSites, () => {});
  }, []);
  useEffect(() => {
    if (captchaMode) refreshCaptcha();
  }, [captchaMode, refreshCaptcha]);
  // On /login the page title is the login title.
  useEffect(() => {
    document.title = config?.title ?? t('login.title');
  }, [config, t]);

  const set = (key: Key) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setMissing((m) => ({ ...m, [key]: false }));
  };

  const tenantOf = () => (tenantMode ? values.tenantId.trim() : (config?.tenantId ?? DEFAULT_TENANT));
  const formOf = (): SignInForm => ({
    tenantId: tenantOf(),
    username: values.username.trim(),
    password: values.password,
    captcha: captchaMode && captcha ? { key: captcha.key, code: values.code.trim() } : undefined,
    captchaAsked: captchaAsked && !config?.captchaMode,
  });
  const newCaptcha = () => {
    setValues((v) => ({ ...v, code: '' }));
    refreshCaptcha();
  };

  // A third-party application's authorization request: answered once the user is signed in (at
  // once when a session is open), and the browser goes back to the application.
  const authorize = useSearchParams()[0].get('authorize');
  const completeAuthorize = async () => Boolean(authorize) && (await import('./login-extras.ts')).completeAuthorize(authorize as string);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void completeAuthorize();
  }, []);

  // On an initial password: warn and go to /changepwd.
  const enter = async (answer: TokenAnswer) => {
    if (!answer.init_password && (await completeAuthorize())) return;
    if (answer.init_password) toastWarning(t('changePassword.initialWarning'));
    navigate(answer.init_password ? '/changepwd' : '/', { replace: true });
  };

  useSocialReturn(enter, (tenantId) => {
    setValues((v) => ({ ...v, tenantId: tenantId || v.tenantId }));
    setRegistering(true);
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const needed: Key[] = [...(tenantMode ? ['tenantId' as const] : []), 'username', 'password', ...(captchaMode ? ['code' as const] : [])];
    const empty = needed.filter((k) => !values[k].trim());
    setMissing(Object.fromEntries(empty.map((k) => [k, true])));
    if (empty.length) return;
    setBusy(true);
    try {
      const answer = await signIn({ ...formOf(), ...(config?.switchMode ? choice : {}) });
      // Switch mode: a user with several departments or roles who chose none here chooses in the shell.
      const chose = Boolean(choice.deptId || choice.roleId);
      if (config?.switchMode && !chose && /,/.test(`${answer.dept_id ?? ''}${answer.role_id ?? ''}`))
        sessionStorage.setItem(CHOOSE_FLAG, '1');
      enter(answer);
    } catch (err) {
      toastError((err as Error).message || t('login.failed'));
      if (err instanceof SignInError && err.code === 'captcha_required') setCaptchaAsked(true);
      // A captcha is good for one try, right or wrong.
      else if (captchaMode) newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  const tenantField = tenantMode && (
    <LoginField id="login-tenant" label={t('login.tenant')} error={errors.tenantId}>
      <Input
        id="login-tenant"
        size="large"
        value={values.tenantId}
        onChange={set('tenantId')}
        status={errors.tenantId && 'error'}
        data-testid="field-tenantId"
        autoComplete="organization"
      />
    </LoginField>
  );

  return (
    <main className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <section className="login-card">
        <h1 className="login-title">{config?.title ?? t('app.title')}</h1>
        <p className="login-subtitle">{t('login.title')}</p>
        <MethodTabs value={method} onChange={setMethod} />
        {method !== 'account' && (
          <>
            {tenantField}
            <Suspense fallback={null}>
              {method === 'phone' ? (
                <PhoneLogin tenantId={tenantOf} onSignedIn={enter} />
              ) : (
                <CertLogin tenantId={tenantOf} onSignedIn={enter} />
              )}
            </Suspense>
          </>
        )}
        {method === 'account' && (
          <form onSubmit={onSubmit} noValidate data-testid="login-form">
            {tenantField}
            <LoginField id="login-username" label={t('login.account')} error={errors.username}>
              <Input
                id="login-username"
                size="large"
                value={values.username}
                onChange={set('username')}
                status={errors.username && 'error'}
                data-testid="field-username"
                autoComplete="username"
              />
            </LoginField>
            <LoginField id="login-password" label={t('login.password')} error={errors.password}>
              <Password
                id="login-password"
                size="large"
                value={values.password}
                onChange={set('password')}
                status={errors.password && 'error'}
                data-testid="field-password"
                autoComplete="current-password"
              />
            </LoginField>
            {config?.switchMode && (
              <Suspense fallback={null}>
                <SwitchFields
                  form={formOf}
                  captchaMode={captchaMode}
                  account={`${tenantOf()}\n${values.username.trim()}\n${values.password}`}
                  value={choice}
                  onChange={setChoice}
                  onCaptchaUsed={newCaptcha}
                />
              </Suspense>
            )}
            {captchaMode && (
              <LoginField id="login-captcha" label={t('login.captcha')} error={errors.code}>
                <div className="login-captcha">
                  <Input
                    id="login-captcha"
                    size="large"
                    value={values.code}
                    onChange={set('code')}
                    status={errors.code && 'error'}
                    data-testid="field-captcha"
                    autoComplete="off"
                  />
                  <button
                    type="button"
                    className="login-captcha-image"
                    title={t('login.refresh')}
                    onClick={refreshCaptcha}
                    data-testid="captcha-refresh"
                  >
                    {captcha && <img src={captcha.image} alt={t('login.captcha')} data-testid="captcha-image" />}
                  </button>
                </div>
              </LoginField>
            )}
            <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="btn-login">
              {t('login.submit')}
            </Button>
          </form>
        )}
        <div className="login-extra">
          <button type="button" className="login-link" onClick={() => setRegistering(true)} data-testid="btn-register">
            {t('login.register')}
          </button>
          <button type="button" className="login-link" onClick={() => setUnlocking(true)} data-testid="btn-unlock">
            {t('shell.unlock.link')}
          </button>
        </div>
        <SocialButtons tenantId={tenantOf()} />
        {sites.length > 0 && (
          <nav className="login-related" aria-label={t('login.related')} data-testid="related-sites">
            <span>{t('login.related')}:</span>
            {sites.map((s) => (
              <a key={s.key} href={s.url} target="_blank" rel="noopener noreferrer">
                {s.name}
              </a>
            ))}
          </nav>
        )}
      </section>
      {unlocking && (
        <Suspense fallback={null}>
          <UnlockDialog tenantId={values.tenantId} account={values.username} onClose={() => setUnlocking(false)} />
        </Suspense>
      )}
      {registering && (
        <Suspense fallback={null}>
          <RegisterDialog tenantId={values.tenantId} onClose={() => setRegistering(false)} />
        </Suspense>
      )}
    </main>
  );
}
