import { useLang } from '../../i18n/index.ts';

export const methodNames = {
  account: { zh: '账号登录', en: 'Account' },
  phone: { zh: '手机号登录', en: 'Phone' },
  cert: { zh: '证书登录', en: 'Certificate' },
};
export type Method = keyof typeof methodNames;

/** The sign-in page's tabs: account and password, a code sent to the phone, or a client certificate. */
export function MethodTabs({ value, onChange }: { value: Method; onChange: (m: Method) => void }) {
  const lang = useLang();
  return (
    <div className="login-methods" role="tablist">
      {(Object.keys(methodNames) as Method[]).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={value === m}
          className={value === m ? 'login-method login-method-on' : 'login-method'}
          onClick={() => onChange(m)}
          data-testid={`login-method-${m}`}
        >
          {methodNames[m][lang]}
        </button>
      ))}
    </div>
  );
}
