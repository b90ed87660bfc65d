import { checkFormField, type FormFieldSchema, type FormSchema } from '@civdesk/meta';
import { Button, Card, Checkbox, Col, Form, type FormInstance, Input, Radio, Row, Select, Space, Upload } from 'antd';
import type { DatePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { uploadFile } from '../../api/upload.ts';
import { useLang } from '../../i18n/index.ts';

// antd's DatePicker (≈ 30 KB gzip) loads when a form first shows a date, in the chunk other screens
// share, so the designer and forms without dates open without it.
const LazyDatePicker = lazy(() =>
  import('antd/es/date-picker/index.js').then((m) => ({ default: m.default as ComponentType<DatePickerProps> })),
);
function DatePicker(props: DatePickerProps) {
  return (
    <Suspense fallback={<span className="ant-picker" style={{ width: '100%' }} />}>
      <LazyDatePicker {...props} />
    </Suspense>
  );
}

/** A file's address: typed, or filled by uploading one file. */
function UploadInput(p: { value?: string; onChange?: (v: string) => void; disabled?: boolean; id: string; label: string }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={p.value}
        disabled={p.disabled}
        aria-label={p.label}
        data-testid={`pf-${p.id}`}
        onChange={(e) => p.onChange?.(e.target.value)}
      />
      <Upload
        maxCount={1}
        showUploadList={false}
        disabled={p.disabled}
        customRequest={({ file, onSuccess, onError }) => {
          uploadFile(file as File, true)
            .then((a) => {
              p.onChange?.(a.link);
              onSuccess?.(a);
            })
            .catch((e) => onError?.(e));
        }}
      >
        <Button disabled={p.disabled}>{p.label}</Button>
      </Upload>
    </Space.Compact>
  );
}

function widget(f: FormFieldSchema, disabled: boolean): ReactNode {
  const tid = `pf-${f.name}`;
  const options = (f.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  switch (f.type) {
    case 'textarea':
      return <Input.TextArea rows={3} disabled={disabled} data-testid={tid} />;
    case 'date':
      return <DatePicker disabled={disabled} style={{ width: '100%' }} data-testid={tid} />;
    case 'select':
      return <Select options={options} disabled={disabled} allowClear data-testid={tid} />;
    case 'radio':
      return <Radio.Group options={options} disabled={disabled} data-testid={tid} />;
    case 'checkbox':
      return <Checkbox.Group options={options} disabled={disabled} data-testid={tid} />;
    case 'upload':
      return <UploadInput disabled={disabled} id={f.name} label={f.label} />;
    case 'number':
      return <Input inputMode="decimal" disabled={disabled} data-testid={tid} />;
    default:
      return <Input disabled={disabled} data-testid={tid} />;
  }
}

/** Dates travel as yyyy-MM-dd; the picker holds a Dayjs. */
const dateProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : undefined }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : ''),
};

function FieldItem({ f, disabled }: { f: FormFieldSchema; disabled: boolean }) {
  const lang = useLang();
  return (
    <Col span={f.span || 12}>
      <Form.Item
        name={f.name}
        label={f.label}
        required={f.required}
        extra={f.note}
        // The published schema's own check, the one the server runs on submit.
        rules={[
          {
            validator: (_, v) => (checkFormField(f, v, lang) ? Promise.reject(new Error(checkFormField(f, v, lang)!)) : Promise.resolve()),
          },
        ]}
        {...(f.type === 'date' ? dateProps : {})}
      >
        {widget(f, disabled)}
      </Form.Item>
    </Col>
  );
}

/**
 * Renders a form schema (a published version, or the designer's draft) as an antd form. Every
 * input is checked with the schema's compiled rules, so it refuses what the server would.
 */
export function FormRenderer(p: {
  schema: FormSchema;
  form?: FormInstance;
  disabled?: boolean;
  initialValues?: Record<string, unknown>;
  onFinish?: (values: Record<string, unknown>) => void;
  footer?: ReactNode;
}) {
  const disabled = Boolean(p.disabled);
  const loose = p.schema.fields.filter((f) => !f.group || !p.schema.groups.some((g) => g.name === f.group));
  return (
    <Form form={p.form} layout="vertical" initialValues={p.initialValues} onFinish={p.onFinish} data-testid="published-form">
      {p.schema.groups.map((g) => {
        const fields = p.schema.fields.filter((f) => f.group === g.name);
        return (
          <Card key={g.name} size="small" title={g.label} style={{ marginBottom: 12 }}>
            <Row gutter={16}>
              {fields.map((f) => (
                <FieldItem key={f.name} f={f} disabled={disabled} />
              ))}
            </Row>
          </Card>
        );
      })}
      {loose.length ? (
        <Row gutter={16}>
          {loose.map((f) => (
            <FieldItem key={f.name} f={f} disabled={disabled} />
          ))}
        </Row>
      ) : null}
      {p.footer}
    </Form>
  );
}
