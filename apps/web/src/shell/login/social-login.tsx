import { useEffect, useState } from 'react';
import { requestToken, SignInError } from '../../api/auth.ts';
import { http } from '../../api/request.ts';
import type { TokenAnswer } from '../../api/session.ts';
import { toastError, toastWarning } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';

type Provider = { source: string; name: string };
const texts = {
  with: { zh: '第三方登录', en: 'Sign in with' },
  unbound: {
    zh: '该第三方账号未绑定本系统账号:请注册,或用账号登录后在个人信息中绑定',
    en: 'This identity is not bound to an account: register, or sign in and bind it on the personal-info page',
  },
};

/** The tenant's social sign-in providers, each a link that starts the round trip at the provider. */
export function SocialButtons({ tenantId }: { tenantId: string }) {
  const lang = useLang();
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    if (!/^[0-9A-Za-z]{1,12}$/.test(tenantId)) return setProviders([]);
    const asked = tenantId;
    http
      .get<{ data: Provider[] }>('/api/blade-auth/oauth/providers', { params: { tenantId }, meta: { silentCodes: 'all', isToken: false } })
      .then(
        (r) => asked === tenantId && setProviders(r.data.data ?? []),
        () => setProviders([]),
      );
  }, [tenantId]);
  if (providers.length === 0) return null;
  return (
    <nav className="login-related" data-testid="social-providers">
      <span>{texts.with[lang]}:</span>
      {providers.map((p) => (
        <a
          key={p.source}
          href={`/api/blade-auth/oauth/render/${p.source}?${new URLSearchParams({ tenantId })}`}
          data-testid={`social-login-${p.source}`}
        >
          {p.name}
        </a>
      ))}
    </nav>
  );
}

/**
 * Back from a provider: `?social=<ticket>&source=` signs in with grant social; an identity bound
 * to no account is offered guest registration; `?socialError=` is shown.
 */
export function useSocialReturn(enter: (a: TokenAnswer) => void, offerRegistration: (tenantId: string) => void) {
  const lang = useLang();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const [ticket, source, tenantId, error] = ['social', 'source', 'tenantId', 'socialError'].map((k) => q.get(k) ?? '');
    if (!ticket && !error) return;
    window.history.replaceState(null, '', window.location.pathname);
    if (error) return void toastError(error);
    requestToken({ grant_type: 'social', source, code: ticket, tenantId, scope: 'all' }, { 'Tenant-Id': tenantId }).then(enter, (e) => {
      if (e instanceof SignInError && e.code === 'social_unbound') {
        toastWarning(texts.unbound[lang]);
        offerRegistration(tenantId);
      } else toastError((e as Error).message);
    });
  }, []);
}
