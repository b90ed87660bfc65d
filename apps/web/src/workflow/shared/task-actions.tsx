import '../../i18n/workflow-texts.ts';
import { Button, type ButtonProps, Form, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { addSign, ccTask, handOverTask } from '../api.ts';
import { UserSelect } from './user-select.tsx';

type Action = 'delegate' | 'transfer' | 'cc' | 'addSign';

/** Each action, the button code that allows it, and whether it names one user or several. */
const actions: { key: Action; perm: string; many: boolean }[] = [
  { key: 'delegate', perm: 'work_todo_delegate', many: false },
  { key: 'transfer', perm: 'work_todo_delegate', many: false },
  { key: 'cc', perm: 'work_todo_cc', many: true },
  { key: 'addSign', perm: 'work_todo_sign', many: true },
];

type Values = { user?: string; users?: string[]; position?: 'before' | 'after' };

/**
 * The hand-over actions on a task being handled: 委派, 转办, 抄送, 加签 — each asks for the
 * users in a dialog and calls the runtime. `onDone(stays)` runs after a success: `stays` is false
 * when the task is no longer the caller's to finish now (delegated, transferred, or signers added
 * before the caller).
 */
export function TaskActions({ taskId, onDone }: { taskId: string; onDone: (stays: boolean) => void }) {
  const { t } = useTranslation();
  const perms = useButtonPermissions();
  const [open, setOpen] = useState<Action>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const shown = actions.filter((a) => perms.loaded && perms.has(a.perm));
  const current = actions.find((a) => a.key === open);

  const submit = async () => {
    if (!current) return;
    // A refused field shows its message in the form; nothing is sent.
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setBusy(true);
    try {
      if (current.key === 'delegate' || current.key === 'transfer') await handOverTask(current.key, taskId, v.user ?? '');
      else if (current.key === 'cc') await ccTask(taskId, v.users ?? []);
      else await addSign(taskId, v.position ?? 'after', v.users ?? []);
      toastSuccess(t(`wf.actions.${current.key}Done`));
      setOpen(undefined);
      onDone(current.key === 'cc' || (current.key === 'addSign' && v.position !== 'before'));
    } finally {
      setBusy(false);
    }
  };

  if (!shown.length) return null;
  return (
    <>
      <Space wrap>
        {shown.map((a) => (
          <Button key={a.key} onClick={() => setOpen(a.key)} data-testid={`task-${a.key}`}>
            {t(`wf.actions.${a.key}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={Boolean(current)}
        title={current && t(`wf.actions.${current.key}`)}
        onCancel={() => setOpen(undefined)}
        onOk={() => void submit()}
        okButtonProps={{ loading: busy, 'data-testid': 'task-action-ok' } as ButtonProps}
        destroyOnHidden
        maskClosable={false}
        data-testid="task-action-dialog"
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ position: 'after' }}>
          {current?.key === 'addSign' && (
            <Form.Item name="position" label={t('wf.actions.position')}>
              <Radio.Group
                options={[
                  { value: 'before', label: t('wf.actions.before') },
                  { value: 'after', label: t('wf.actions.after') },
                ]}
              />
            </Form.Item>
          )}
          {current?.many ? (
            <Form.Item name="users" label={t('wf.actions.users')} rules={[{ required: true, message: t('wf.actions.usersRequired') }]}>
              <UserSelect multiple excludeSelf testId="task-action-users" />
            </Form.Item>
          ) : (
            <Form.Item name="user" label={t('wf.actions.user')} rules={[{ required: true, message: t('wf.actions.userRequired') }]}>
              <UserSelect excludeSelf testId="task-action-user" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
