import {
  ProForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { type FieldDef, type FieldType, type Lang, messages, type Resource } from '@civdesk/meta';
import { Col } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { DigitsInput, digitsOnly } from './digits-input.tsx';
import { IconField } from './icon-field.tsx';
import { escapeClosesDropdownOnly, LazyTreeField } from './lazy-tree-field.tsx';
import { DATE, DATETIME } from './list-query.ts';
import { type Opt, optionSourceOf } from './options.ts';
import { RichTextField } from './rich-text-field.tsx';
import { UploadField } from './upload-field.tsx';

/** What every widget gets: the form item settings and the field's choices, if it has any. */
export type WidgetProps = {
  resource: Resource;
  lang: Lang;
  name: string;
  f: FieldDef;
  label: string;
  disabled: boolean;
  required: boolean;
  rules: Rule[];
  span: number;
  options: Opt[];
  /** Sets another field of the form (a label the definition says a choice fills in). */
  setValue?: (key: string, value: unknown) => void;
};

/** A reference's onChange that copies the chosen label where the definition says (`ref.fillLabel`). */
const fillLabel = (p: WidgetProps) => {
  const target = p.f.ref?.fillLabel;
  if (!target || !p.setValue) return {};
  return {
    onChange: (_v: unknown, labels?: unknown) => {
      const label = Array.isArray(labels) ? labels[0] : (labels as { label?: unknown } | undefined)?.label;
      if (typeof label === 'string') p.setValue?.(target, label);
    },
  };
};

/** The user form's and the server's message when the two passwords differ. */
const mismatch = { zh: '两次密码输入不一致', en: 'The two passwords differ' };

const common = (p: WidgetProps) => ({
  name: p.name,
  label: p.label,
  disabled: p.disabled,
  rules: p.rules,
  required: p.required,
  colProps: { xs: 24, md: p.span },
});

const testId = (p: WidgetProps) => ({ 'data-testid': `field-${p.name}` });

const text = (p: WidgetProps) => <ProFormText {...common(p)} fieldProps={{ ...testId(p), maxLength: p.f.max }} />;
const area = (p: WidgetProps) => (
  <ProFormTextArea {...common(p)} fieldProps={{ ...testId(p), maxLength: p.f.max, autoSize: { minRows: 2, maxRows: 8 } }} />
);

const select = (p: WidgetProps, multiple: boolean) => (
  <ProFormSelect
    {...common(p)}
    options={p.options}
    fieldProps={{
      ...testId(p),
      ...fillLabel(p),
      mode: multiple ? 'multiple' : undefined,
      showSearch: true,
      optionFilterProp: 'label',
      allowClear: true,
    }}
  />
);

/** A select whose choices are those of the kind another field of the form has chosen (`refBy`). */
const dependent = (p: WidgetProps, field: string) => (
  <ProFormDependency name={[field]}>
    {(values) => select({ ...p, options: p.options.filter((o) => o.group === String(values[field] ?? '')) }, false)}
  </ProFormDependency>
);

/** A tree select over a tree resource: whole tree, or loaded level by level for lazy trees. */
const tree = (p: WidgetProps, multiple: boolean, api: string, lazy: boolean, level?: number) => {
  if (lazy)
    return (
      <LazyTreeField
        {...common(p)}
        api={api}
        roots={p.options}
        multiple={multiple}
        level={level}
        testId={`field-${p.name}`}
        extra={fillLabel(p)}
      />
    );
  return (
    <ProFormTreeSelect
      {...common(p)}
      fieldProps={{
        ...testId(p),
        ...fillLabel(p),
        treeData: p.options,
        multiple,
        treeCheckable: multiple,
        showSearch: true,
        treeNodeFilterProp: 'title',
        allowClear: true,
        treeDefaultExpandAll: false,
        onKeyDown: escapeClosesDropdownOnly,
      }}
    />
  );
};

const reference = (multiple: boolean) => (p: WidgetProps) => {
  const source = optionSourceOf(p.resource, p.f);
  if (source?.kind === 'tree') return tree(p, multiple, source.api, source.lazy, source.level);
  if (source?.kind === 'list' || source?.kind === 'call') return select(p, multiple);
  return text(p);
};

/** An image/file field with upload limits gets an upload button beside its address; others stay text. */
const upload = (p: WidgetProps, image: boolean) =>
  p.f.upload ? <UploadField {...common(p)} testId={`field-${p.name}`} image={image} limits={p.f.upload} /> : text(p);

/**
 * The one mapping from field type to form widget. Inputs carry data-testid="field-<key>" for
 * browser tests; images and files take an address or an upload when the field says what it accepts;
 * rich text has a light editor.
 */
export const widgetByType: Record<FieldType, (p: WidgetProps) => ReactNode> = {
  string: (p) =>
    p.f.refBy ? (
      dependent(p, p.f.refBy.field)
    ) : p.f.ref || p.f.choices ? (
      reference(false)(p)
    ) : typeof p.f.form === 'object' && p.f.form.widget === 'icon' ? (
      <IconField {...common(p)} span={p.span} testId={`field-${p.name}`} />
    ) : (
      text(p)
    ),
  text: area,
  int: (p) => (
    <ProFormDigit {...common(p)} fieldProps={{ ...testId(p), precision: 0, min: p.f.min, max: p.f.max, style: { width: '100%' } }} />
  ),
  decimal: text,
  // Digits only: a letter is refused as it is typed, saying why; the shared schema checks again.
  order: (p) => {
    const { colProps, ...item } = common(p);
    return (
      <Col {...colProps}>
        <ProForm.Item {...item} normalize={digitsOnly}>
          <DigitsInput {...testId(p)} name={p.name} maxLength={p.f.max ?? 9} disabled={p.disabled} refused={messages[p.lang].orderDigits} />
        </ProForm.Item>
      </Col>
    );
  },
  enum: (p) => select(p, false),
  multiEnum: (p) => select(p, true),
  dict: (p) => select(p, false),
  date: (p) => <ProFormDatePicker {...common(p)} fieldProps={{ ...testId(p), format: DATE, style: { width: '100%' } }} />,
  datetime: (p) => <ProFormDateTimePicker {...common(p)} fieldProps={{ ...testId(p), format: DATETIME, style: { width: '100%' } }} />,
  ref: reference(false),
  multiRef: reference(true),
  parent: reference(false),
  image: (p) => upload(p, true),
  file: (p) => upload(p, false),
  richText: (p) => <RichTextField {...common(p)} testId={`field-${p.name}`} />,
  password: (p) => {
    const input = <ProFormText.Password {...common(p)} fieldProps={{ ...testId(p), maxLength: p.f.max, autoComplete: 'new-password' }} />;
    if (!p.f.confirm || p.disabled) return input;
    const lang = p.lang;
    return (
      <>
        {input}
        <ProFormText.Password
          name={`${p.name}2`}
          label={p.f.confirm[lang]}
          colProps={{ xs: 24, md: p.span }}
          dependencies={[p.name]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if ((v ?? '') !== (getFieldValue(p.name) ?? '')) throw new Error(mismatch[lang]);
              },
            }),
          ]}
          fieldProps={{ 'data-testid': `field-${p.name}2`, maxLength: p.f.max, autoComplete: 'new-password' }}
        />
      </>
    );
  },
};
