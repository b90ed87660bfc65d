import { md5Of } from '../../api/hash.ts';
import '../../i18n/shell-texts.ts';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SignInForm, signInHeaders } from '../../api/auth.ts';
import { type Envelope, http } from '../../api/request.ts';
import { LoginField } from './login-field.tsx';

export type SwitchChoice = { deptId?: string; roleId?: string };
/** A user's own departments and roles. */
type SwitchChoices = { depts: { id: string; deptName: string }[]; roles: { id: string; roleName: string }[] };

/**
 * The departments and roles the account may sign in with: the server checks the account, password
 * (and captcha, which this uses up) as a sign-in does. A refusal is toasted by the request layer.
 */
async function fetchSwitchChoices(form: SignInForm): Promise<SwitchChoices> {
  const params = { tenantId: form.tenantId, username: form.username, password: await md5Of(form.password) };
  const res = await http.post<Envelope<SwitchChoices>>('/api/blade-auth/oauth/switch-choices', null, {
    params,
    headers: signInHeaders(form),
    meta: { isToken: false },
  });
  return res.data.data;
}

type Props = {
  /** The form as typed. */
  form: () => SignInForm;
  captchaMode: boolean;
  /** Changes whenever the tenant, account or password does: the lists belong to one account. */
  account: string;
  value: SwitchChoice;
  onChange: (v: SwitchChoice) => void;
  /** The captcha went with the request and is spent: the form asks for a new one. */
  onCaptchaUsed: () => void;
};

/**
 * Switch mode's optional department and role on the sign-in form (sent as headers
 * at sign-in). The lists are the account's own, so they load when one is opened, once the account
 * and password are typed (the server checks them as a sign-in does). Left empty, the user's
 * defaults apply. Loaded only in switch mode, so the sign-in page stays small.
 */
export function SwitchFields({ form, captchaMode, account, value, onChange, onCaptchaUsed }: Props) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<SwitchChoices>();
  const [hint, setHint] = useState<string>();
  const [loading, setLoading] = useState(false);
  // Another account (or password): its lists and choice are not this one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the account changes, by design
  useEffect(() => {
    setChoices(undefined);
    setHint(undefined);
    onChange({});
  }, [account]);

  const load = async (open: boolean) => {
    if (!open || choices || loading) return;
    const f = form();
    // One hint naming everything the request needs.
    if (!f.tenantId || !f.username || !f.password || (captchaMode && !f.captcha?.code)) {
      setHint(t(captchaMode ? 'shell.loginSwitch.needCaptcha' : 'shell.loginSwitch.needAccount'));
      return;
    }
    setHint(undefined);
    setLoading(true);
    try {
      setChoices(await fetchSwitchChoices(f));
    } catch {
      // The request layer has shown the server's message (wrong password, locked, captcha).
    } finally {
      setLoading(false);
      if (f.captcha) onCaptchaUsed();
    }
  };
  const empty = hint ?? (choices ? t('shell.loginSwitch.none') : undefined);
  return (
    <>
      <LoginField id="login-dept" label={t('shell.switchDialog.dept')} optional>
        <Select
          id="login-dept"
          size="large"
          allowClear
          placeholder={t('shell.loginSwitch.placeholder')}
          value={value.deptId}
          onChange={(deptId) => onChange({ ...value, deptId })}
          onOpenChange={(open) => void load(open)}
          loading={loading}
          notFoundContent={empty}
          options={choices?.depts.map((d) => ({ value: d.id, label: d.deptName }))}
          data-testid="field-deptId"
        />
      </LoginField>
      <LoginField id="login-role" label={t('shell.switchDialog.role')} optional>
        <Select
          id="login-role"
          size="large"
          allowClear
          placeholder={t('shell.loginSwitch.placeholder')}
          value={value.roleId}
          onChange={(roleId) => onChange({ ...value, roleId })}
          onOpenChange={(open) => void load(open)}
          loading={loading}
          notFoundContent={empty}
          options={choices?.roles.map((r) => ({ value: r.id, label: r.roleName }))}
          data-testid="field-roleId"
        />
      </LoginField>
    </>
  );
}
