import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../api/session.ts';
import { fetchMyDepts, fetchMyRoles, refreshToken } from '../api/shell.ts';

/**
 * Switch department and role: both required (each can be cleared, then the
 * dialog says which is missing); the session is refreshed with the
 * choice (Dept-Id, Role-Id), then the page reloads with the new menus. `onDone` replaces the reload.
 */
export function SwitchDialog({ onClose, onDone }: { onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const user = getUserInfo();
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [busy, setBusy] = useState(false);
  const depts = useQuery({ queryKey: ['my-depts'], queryFn: fetchMyDepts });
  const roles = useQuery({ queryKey: ['my-roles'], queryFn: fetchMyRoles });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await refreshToken({ deptId: v.deptId, roleId: v.roleId });
      if (onDone) onDone();
      else window.location.reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('shell.switchDialog.title')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('shell.ok')}
      cancelText={t('shell.cancel')}
      okButtonProps={{ 'data-testid': 'switch-ok' } as Record<string, string>}
      data-testid="switch-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          deptId: String(user?.dept_id ?? '').split(',')[0] || undefined,
          roleId: String(user?.role_id ?? '').split(',')[0] || undefined,
        }}
      >
        <Form.Item
          name="deptId"
          label={t('shell.switchDialog.dept')}
          rules={[{ required: true, message: t('shell.switchDialog.deptRequired') }]}
        >
          <Select
            allowClear
            data-testid="switch-dept"
            options={(depts.data ?? []).map((d) => ({ value: String(d.id), label: d.deptName }))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('shell.switchDialog.role')}
          rules={[{ required: true, message: t('shell.switchDialog.roleRequired') }]}
        >
          <Select
            allowClear
            data-testid="switch-role"
            options={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
