import Button from 'antd/es/button';
import { useState } from 'react';
import { requestToken } from '../../api/auth.ts';
import type { TokenAnswer } from '../../api/session.ts';
import { toastError } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';

const texts = {
  hint: {
    zh: '请插入证书介质（USB Key），通过证书登录地址（HTTPS）访问，在浏览器提示时选择证书。',
    en: 'Insert your certificate key, open the HTTPS sign-in address and pick the certificate when the browser asks.',
  },
  submit: { zh: '使用证书登录', en: 'Sign in with certificate' },
  failed: { zh: '登录失败', en: 'Sign-in failed' },
};

/**
 * Sign-in by a client certificate (grant `certificate`): the browser presents it in the TLS
 * handshake with the server, so the page only asks for the token; the server says which
 * certificate it saw and why it refuses one.
 */
export function CertLogin({ tenantId, onSignedIn }: { tenantId: () => string; onSignedIn: (a: TokenAnswer) => void }) {
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      onSignedIn(await requestToken({ grant_type: 'certificate', tenantId: tenantId(), scope: 'all' }, { 'Tenant-Id': tenantId() }));
    } catch (err) {
      toastError((err as Error).message || texts.failed[lang]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="cert-login">
      <p className="login-hint">{texts.hint[lang]}</p>
      <Button type="primary" size="large" block loading={busy} onClick={() => void submit()} data-testid="btn-cert-login">
        {texts.submit[lang]}
      </Button>
    </div>
  );
}
