import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import { type FormEvent, useEffect, useState } from 'react';
import { requestToken } from '../../api/auth.ts';
import { http } from '../../api/request.ts';
import type { TokenAnswer } from '../../api/session.ts';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';
import { LoginField } from './login-field.tsx';

const texts = {
  phone: { zh: '手机号', en: 'Phone' },
  code: { zh: '验证码', en: 'Code' },
  send: { zh: '获取验证码', en: 'Send code' },
  wait: { zh: '秒后重新获取', en: 's to resend' },
  submit: { zh: '登录', en: 'Sign in' },
  badPhone: { zh: '请输入正确的手机号码', en: 'Please enter a correct phone number' },
  noCode: { zh: '请输入验证码', en: 'Please enter the code' },
  failed: { zh: '登录失败', en: 'Sign-in failed' },
};

/** Seconds before another code may be asked for on this page (the server limits codes per phone too). */
const RESEND_SECONDS = 60;

/** Sign-in by a code sent to the phone of an account (grant `sms_code`). */
export function PhoneLogin({ tenantId, onSignedIn }: { tenantId: () => string; onSignedIn: (a: TokenAnswer) => void }) {
  const lang = useLang();
  const say = (k: keyof typeof texts) => texts[k][lang];
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: keyof typeof texts; code?: keyof typeof texts }>({});
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const phoneOk = () => /^1\d{10}$/.test(phone.trim());

  const send = async () => {
    if (!phoneOk()) return setErrors({ phone: 'badPhone' });
    setErrors({});
    setWait(RESEND_SECONDS);
    try {
      const res = await http.post<{ code: number; msg: string }>('/api/blade-auth/phone-code/send', null, {
        params: { tenantId: tenantId(), phone: phone.trim() },
        meta: { silentCodes: 'all', isToken: false },
      });
      toastSuccess(res.data.msg);
    } catch (e) {
      setWait(0);
      toastError((e as { data?: { msg?: string } }).data?.msg || say('failed'));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = !phoneOk() ? { phone: 'badPhone' as const } : !code.trim() ? { code: 'noCode' as const } : null;
    setErrors(missing ?? {});
    if (missing) return;
    setBusy(true);
    try {
      const params = { grant_type: 'sms_code', phone: phone.trim(), code: code.trim(), tenantId: tenantId(), scope: 'all' };
      onSignedIn(await requestToken(params, { 'Tenant-Id': tenantId() }));
    } catch (err) {
      toastError((err as Error).message || say('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="phone-login-form">
      <LoginField id="login-phone" label={say('phone')} error={errors.phone && say(errors.phone)}>
        <Input
          id="login-phone"
          size="large"
          value={phone}
          maxLength={11}
          onChange={(e) => setPhone(e.target.value)}
          status={errors.phone && 'error'}
          data-testid="field-phone"
          autoComplete="tel"
          inputMode="numeric"
        />
      </LoginField>
      <LoginField id="login-phone-code" label={say('code')} error={errors.code && say(errors.code)}>
        <div className="login-captcha">
          <Input
            id="login-phone-code"
            size="large"
            value={code}
            maxLength={6}
            onChange={(e) => setCode(e.target.value)}
            status={errors.code && 'error'}
            data-testid="field-phone-code"
            autoComplete="one-time-code"
            inputMode="numeric"
          />
          <Button size="large" disabled={wait > 0} onClick={() => void send()} data-testid="btn-send-code">
            {wait > 0 ? `${wait}${say('wait')}` : say('send')}
          </Button>
        </div>
      </LoginField>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="btn-phone-login">
        {say('submit')}
      </Button>
    </form>
  );
}
