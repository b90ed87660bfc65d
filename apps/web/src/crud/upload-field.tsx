import '../i18n/crud-texts.ts';
import { ProForm } from '@ant-design/pro-components';
import type { FieldDef } from '@civdesk/meta';
import { Button, Col, Image, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../api/toast.ts';
import { uploadFile } from '../api/upload.ts';
import { useLang } from '../i18n/index.ts';

type Limits = NonNullable<FieldDef['upload']>;

/** Whether the form takes this file: its extension is listed and it is not larger than allowed. */
export function acceptsFile(file: { name: string; size: number }, limits: Limits): boolean {
  const ext = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : '';
  return !!ext && limits.accept.includes(ext) && file.size <= limits.maxKb * 1024;
}

/**
 * An image or file address: typed, or filled by uploading one file to the storage endpoint
 * (images to put-file, other files to put-file-attach). A refused file shows the field's tip and
 * is never sent.
 */
function UploadInput(p: {
  value?: string;
  onChange?: (v: string) => void;
  disabled: boolean;
  image: boolean;
  limits: Limits;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      {p.image && p.value ? <Image src={p.value} width={32} height={32} alt={p.label} style={{ objectFit: 'contain' }} /> : null}
      <Input
        value={p.value}
        disabled={p.disabled}
        data-testid={p.testId}
        aria-label={p.label}
        onChange={(e) => p.onChange?.(e.target.value)}
      />
      <Upload
        accept={p.limits.accept.map((x) => `.${x}`).join(',')}
        maxCount={1}
        showUploadList={false}
        disabled={p.disabled || busy}
        beforeUpload={(file) => {
          if (acceptsFile(file, p.limits)) return true;
          toastError(p.limits.tip[lang]);
          return Upload.LIST_IGNORE;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true);
          uploadFile(file as File, !p.image)
            .then((a) => {
              p.onChange?.(a.link);
              onSuccess?.(a);
            })
            .catch((e: Error) => onError?.(e))
            .finally(() => setBusy(false));
        }}
      >
        <Button disabled={p.disabled} loading={busy} data-testid={`${p.testId}-upload`}>
          {t('crud.upload')}
        </Button>
      </Upload>
    </Space.Compact>
  );
}

export function UploadField(p: {
  name: string;
  label: string;
  disabled: boolean;
  required: boolean;
  rules: unknown[];
  colProps: object;
  testId: string;
  image: boolean;
  limits: Limits;
}) {
  const lang = useLang();
  return (
    <Col {...p.colProps}>
      <ProForm.Item name={p.name} label={p.label} required={p.required} rules={p.rules as never} extra={p.limits.tip[lang]}>
        <UploadInput disabled={p.disabled} image={p.image} limits={p.limits} testId={p.testId} label={p.label} />
      </ProForm.Item>
    </Col>
  );
}
