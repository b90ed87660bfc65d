import '../../i18n/shell-texts.ts';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../api/account.ts';
import { registerGuest } from '../../api/shell.ts';
import { LoginField } from './login-field.tsx';

type Values = { tenantId: string; name: string; account: string; password: string; password2: string };

/** Checked in this order, the first failure shown. */
export function registrationProblem(v: Values): string | undefined {
  if (!v.tenantId.trim()) return 'shell.register.tenantRequired';
  if (!v.account.trim()) return 'shell.register.accountRequired';
  if (!v.password || !v.password2) return 'shell.register.passwordRequired';
  if (v.password !== v.password2) return 'shell.register.mismatch';
  // Last, so the four checks above keep their order.
  if (!v.name.trim()) return 'shell.register.nameRequired';
  return undefined;
}

/** Guest registration: submitted for an administrator's approval, then the user is logged out. */
export function RegisterDialog({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<Values>({ tenantId, name: '', account: '', password: '', password2: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    setV((x) => ({ ...x, [k]: e.target.value }));
    setError('');
  };
  const submit = async () => {
    const problem = registrationProblem(v);
    if (problem) {
      setError(t(problem));
      return;
    }
    setBusy(true);
    try {
      const body = await registerGuest({ ...v, tenantId: v.tenantId.trim(), account: v.account.trim(), name: v.name.trim() });
      if (body.code !== 200) {
        setError(body.msg || t('shell.register.failed'));
        return;
      }
      onClose();
      Modal.info({
        title: t('shell.register.doneTitle'),
        content: t('shell.register.done'),
        okText: t('shell.ok'),
        okButtonProps: { 'data-testid': 'register-done-ok' } as Record<string, string>,
        onOk: () => signOut(),
      });
    } catch (e) {
      const body = (e as { data?: { msg?: string } }).data;
      setError(body?.msg || t('shell.register.failed'));
    } finally {
      setBusy(false);
    }
  };
  // Every field is required (the nickname too: the server refuses a registration without one).
  const fields: [keyof Values, string, boolean][] = [
    ['tenantId', 'shell.register.tenant', false],
    ['name', 'shell.register.name', false],
    ['account', 'shell.register.account', false],
    ['password', 'shell.register.password', true],
    ['password2', 'shell.register.password2', true],
  ];
  return (
    <Modal
      open
      title={t('shell.register.title')}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('shell.register.submit')}
      cancelText={t('shell.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'register-submit' } as Record<string, string>}
      maskClosable={false}
      width={420}
      data-testid="register-dialog"
    >
      {fields.map(([key, label, secret]) => {
        const id = `register-${key}`;
        const Field = secret ? Password : Input;
        return (
          <LoginField key={key} id={id} label={t(label)}>
            <Field id={id} value={v[key]} onChange={set(key)} data-testid={id} autoComplete={secret ? 'new-password' : 'off'} />
          </LoginField>
        );
      })}
      <div className="login-error" role={error ? 'alert' : undefined} data-testid="register-error">
        {error}
      </div>
    </Modal>
  );
}
