import '../../i18n/shell-texts.ts';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendUnlockCode, unlockAccount } from '../../api/shell.ts';
import { toastSuccess } from '../../api/toast.ts';
import { LoginField } from './login-field.tsx';

type Values = { tenantId: string; account: string; code: string };

/** A locked-out user unlocks their account with a code sent to the phone on record. */
export function UnlockDialog({ tenantId, account, onClose }: { tenantId: string; account: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<Values>({ tenantId, account, code: '' });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const who = () => ({ tenantId: v.tenantId.trim(), account: v.account.trim() });
  const call = async (run: () => Promise<{ code: number; msg: string }>, done?: () => void) => {
    if (!who().tenantId || !who().account) return setNote(t('shell.unlock.required'));
    setBusy(true);
    try {
      const body = await run();
      setNote(body.msg);
      if (body.code === 200) done?.();
    } catch (e) {
      setNote((e as { data?: { msg?: string } }).data?.msg || t('shell.unlock.failed'));
    } finally {
      setBusy(false);
    }
  };
  const unlock = () =>
    call(
      () => unlockAccount({ ...who(), code: v.code.trim() }),
      () => {
        toastSuccess(t('shell.unlock.done'));
        onClose();
      },
    );
  return (
    <Modal
      open
      title={t('shell.unlock.title')}
      onOk={() => void unlock()}
      onCancel={onClose}
      okText={t('shell.unlock.submit')}
      cancelText={t('shell.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'unlock-submit' } as Record<string, string>}
      maskClosable={false}
      width={420}
      data-testid="unlock-dialog"
    >
      <p>{t('shell.unlock.hint')}</p>
      {(['tenantId', 'account'] as const).map((key) => (
        <LoginField key={key} id={`unlock-${key}`} label={t(`shell.unlock.${key}`)}>
          <Input id={`unlock-${key}`} value={v[key]} onChange={set(key)} data-testid={`unlock-${key}`} autoComplete="off" />
        </LoginField>
      ))}
      <LoginField id="unlock-code" label={t('shell.unlock.code')}>
        <Input
          id="unlock-code"
          value={v.code}
          onChange={set('code')}
          data-testid="unlock-code"
          autoComplete="one-time-code"
          addonAfter={
            <Button
              type="link"
              size="small"
              disabled={busy}
              onClick={() => void call(() => sendUnlockCode(who()))}
              data-testid="unlock-send"
            >
              {t('shell.unlock.send')}
            </Button>
          }
        />
      </LoginField>
      <div className="login-error" role={note ? 'status' : undefined} data-testid="unlock-note">
        {note}
      </div>
    </Modal>
  );
}
