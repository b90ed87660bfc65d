import '../../i18n/shell-texts.ts';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Tabs, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { changePassword } from '../../api/account.ts';
import { updateUserInfo } from '../../api/session.ts';
import { fetchProfile, type Profile, updateProfile, uploadFile } from '../../api/shell.ts';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';
import { SocialBindings } from './social-bindings.tsx';

/** Avatar jpg/png only, at most 500 KB; phone 11 digits starting with 1. */
export const AVATAR_MAX = 500 * 1024;
export const PHONE_PATTERN = /^1\d{10}$/;
export const avatarProblem = (f: { type: string; size: number }): 'type' | 'size' | undefined =>
  !['image/jpeg', 'image/png'].includes(f.type) ? 'type' : f.size > AVATAR_MAX ? 'size' : undefined;

function InfoForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Profile>();
  const { data, refetch } = useQuery({ queryKey: ['my-profile'], queryFn: fetchProfile });
  const [avatar, setAvatar] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) {
      form.setFieldsValue(data);
      setAvatar(data.avatar || undefined);
    }
  }, [data, form]);

  const save = async (v: Profile) => {
    setBusy(true);
    try {
      await updateProfile({ avatar: avatar ?? '', realName: v.realName, name: v.name, phone: v.phone, email: v.email || undefined });
      updateUserInfo({ avatar: avatar ?? '', real_name: v.realName, user_name: v.name ?? '' });
      toastSuccess(t('shell.info.saved'));
      void refetch();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={save} data-testid="info-form">
      <Form.Item label={t('shell.info.avatar')} extra={t('shell.info.avatarTip')}>
        <Upload
          name="file"
          listType="picture-card"
          showUploadList={false}
          accept="image/jpeg,image/png"
          beforeUpload={(file) => {
            const problem = avatarProblem(file);
            if (problem) toastError(t(problem === 'type' ? 'shell.info.avatarType' : 'shell.info.avatarSize'));
            return problem ? Upload.LIST_IGNORE : true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const res = await uploadFile(file as File);
              setAvatar(res.link);
              onSuccess?.(res);
            } catch (e) {
              onError?.(e as Error);
            } finally {
              setUploading(false);
            }
          }}
          data-testid="avatar-upload"
        >
          {avatar ? (
            <img
              src={avatar}
              alt={t('shell.info.avatar')}
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
              data-testid="avatar-image"
            />
          ) : (
            <div>
              {uploading ? <LoadingOutlined /> : <PlusOutlined />}
              <div style={{ marginTop: 8 }}>{t('shell.info.upload')}</div>
            </div>
          )}
        </Upload>
      </Form.Item>
      <Form.Item name="realName" label={t('shell.info.realName')} rules={[{ required: true, message: t('shell.info.realNameRequired') }]}>
        <Input data-testid="info-realName" maxLength={20} />
      </Form.Item>
      <Form.Item name="name" label={t('shell.info.userName')}>
        <Input data-testid="info-name" maxLength={20} />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('shell.info.phone')}
        rules={[{ required: true, pattern: PHONE_PATTERN, message: t('shell.info.phoneInvalid') }]}
      >
        <Input data-testid="info-phone" maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={t('shell.info.email')} rules={[{ type: 'email', message: t('shell.info.emailInvalid') }]}>
        <Input data-testid="info-email" maxLength={100} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="info-submit">
            {t('shell.info.save')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('shell.info.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

type Pwd = { oldPassword: string; newPassword: string; newPassword1: string };

function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Pwd>();
  const [busy, setBusy] = useState(false);
  const save = async (v: Pwd) => {
    setBusy(true);
    try {
      await changePassword(v);
      toastSuccess(t('changePassword.success'));
      form.resetFields();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={save} data-testid="password-form">
      <Form.Item
        name="oldPassword"
        label={t('changePassword.oldPassword')}
        rules={[{ required: true, message: t('changePassword.oldRequired') }]}
      >
        <Input.Password data-testid="info-oldPassword" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('changePassword.newPassword')}
        rules={[{ required: true, message: t('changePassword.newRequired') }]}
      >
        <Input.Password data-testid="info-newPassword" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('changePassword.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('changePassword.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('changePassword.mismatch'))),
          }),
        ]}
      >
        <Input.Password data-testid="info-newPassword1" autoComplete="new-password" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="password-submit">
          {t('shell.info.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** /info/index: personal information and password. */
export function InfoPage() {
  const { t } = useTranslation();
  const lang = useLang();
  // Back from binding at a provider: open the social tab.
  const [search] = useSearchParams();
  const back = search.has('bound') || search.has('socialError');
  return (
    <Card data-testid="info-page">
      <Tabs
        defaultActiveKey={back ? 'social' : 'info'}
        items={[
          { key: 'info', label: <span data-testid="info-tab-info">{t('shell.info.tabInfo')}</span>, children: <InfoForm /> },
          {
            key: 'password',
            label: <span data-testid="info-tab-password">{t('shell.info.tabPassword')}</span>,
            children: <PasswordForm />,
          },
          {
            key: 'social',
            label: <span data-testid="info-tab-social">{lang === 'en' ? 'Social accounts' : '第三方账号'}</span>,
            children: <SocialBindings />,
          },
        ]}
      />
    </Card>
  );
}
