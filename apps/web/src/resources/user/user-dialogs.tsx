import { useQuery } from '@tanstack/react-query';
import { Form, Input, message, Select, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/request.ts';
import { fetchDictionary, fetchTree } from '../../crud/crud-api.ts';
import { ActionDialog } from '../shared/action-dialog.tsx';
import { postParams } from '../shared/actions.ts';
import { toAntTree } from '../shared/tree-data.ts';

type Props = { userIds: string[]; onClose: () => void; onDone: () => void };

/**
 * Roles chosen in the role tree (checkable; parents and children independent). `save` gets the
 * chosen ids and says whether the server took them. Users' roles and third-party app bindings.
 */
export function RolePickerDialog({
  title,
  initial = [],
  testId,
  save,
  onClose,
  onDone,
}: {
  title: string;
  initial?: string[];
  testId: string;
  save: (roleIds: string[]) => Promise<boolean>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const roles = useQuery({ queryKey: ['role-tree'], queryFn: () => fetchTree('/api/blade-system/role') });
  const [checked, setChecked] = useState<string[]>(initial);
  const [error, setError] = useState('');
  const submit = async () => {
    if (!checked.length) {
      setError(t('sys.user.chooseRole'));
      return;
    }
    if (await save(checked)) {
      onDone();
      onClose();
    }
  };
  return (
    <ActionDialog title={title} testId={testId} loading={roles.isLoading} onOk={submit} onClose={onClose}>
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        treeData={toAntTree(roles.data)}
        checkedKeys={checked}
        onCheck={(keys) => {
          setError('');
          setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));
        }}
      />
      {error && (
        <div role="alert" style={{ color: '#ff4d4f' }}>
          {error}
        </div>
      )}
    </ActionDialog>
  );
}

/** Roles of one or more users (`/api/blade-user/grant`, userIds + roleIds). */
export function UserRoleDialog({ userIds, initial, onClose, onDone }: Props & { initial?: string[] }) {
  const { t } = useTranslation();
  return (
    <RolePickerDialog
      title={t('sys.user.grantTitle')}
      initial={initial}
      testId="user-role-dialog"
      save={(roleIds) => postParams('/api/blade-user/grant', { userIds: userIds.join(','), roleIds: roleIds.join(',') })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** The user's platform (userType, dictionary user_type) and free extension (`platform-detail`, `update-platform`). */
export function PlatformDialog({ userId, onClose, onDone }: { userId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const types = useQuery({ queryKey: ['dict', 'user_type', 'raw'], queryFn: () => fetchDictionary('user_type') });
  const detail = useQuery({
    queryKey: ['platform-detail', userId],
    queryFn: () => getData<{ userType?: number; userExt?: string }>('/api/blade-user/platform-detail', { userId }),
    gcTime: 0,
  });
  const submit = async () => {
    const v = await form.validateFields();
    // A body, not query parameters: the extension may be long.
    try {
      await postData('/api/blade-user/update-platform', { userId, userType: Number(v.userType), userExt: v.userExt ?? '' });
    } catch {
      return;
    }
    message.success(t('sys.common.done'));
    onDone();
    onClose();
  };
  return (
    <ActionDialog
      title={t('sys.user.platformTitle')}
      testId="user-platform-dialog"
      loading={detail.isLoading}
      onOk={submit}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          userType: detail.data?.userType === undefined || detail.data?.userType === null ? undefined : String(detail.data.userType),
          userExt: detail.data?.userExt ?? '',
        }}
      >
        <Form.Item name="userType" label={t('sys.user.userType')} rules={[{ required: true, message: `请选择${t('sys.user.userType')}` }]}>
          <Select
            data-testid="field-userType"
            options={(types.data ?? []).map((d) => ({ label: d.dictValue, value: String(d.dictKey) }))}
          />
        </Form.Item>
        <Form.Item name="userExt" label={t('sys.user.userExt')} rules={[{ max: 4000 }]}>
          <Input.TextArea data-testid="field-userExt" autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/** Secret level of users (dictionary classified_type; `/api/blade-user/b/setSecret`). */
export function SecretDialog({ userIds, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const levels = useQuery({ queryKey: ['dict', 'classified_type', 'raw'], queryFn: () => fetchDictionary('classified_type') });
  const submit = async () => {
    const v = await form.validateFields();
    if (await postParams('/api/blade-user/b/setSecret', { userIds: userIds.join(','), secretLevel: String(v.secretLevel) })) {
      onDone();
      onClose();
    }
  };
  return (
    <ActionDialog title={t('sys.user.secret')} testId="user-secret-dialog" onOk={submit} onClose={onClose}>
      {' '}
      <Form form={form} layout="vertical">
        <Form.Item name="secretLevel" label={t('sys.user.secretLevel')} rules={[{ required: true, message: t('sys.user.chooseSecret') }]}>
          <Select
            data-testid="field-secretLevel"
            options={(levels.data ?? []).map((d) => ({ label: d.dictValue, value: String(d.dictKey) }))}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
