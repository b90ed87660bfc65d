import { formFieldKinds, optionKinds } from '@civdesk/meta';
import { Button, Card, Empty, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { DraftRow } from './draft.ts';
import { useL } from './texts.ts';

/** The selected row's settings: label, name, type, rules, options' dictionary, group and width. */
export function Properties(p: { row?: DraftRow; groups: DraftRow[]; onChange: (patch: Partial<DraftRow>) => void; onRemove: () => void }) {
  const L = useL();
  const row = p.row;
  if (!row) {
    return (
      <Card size="small" title={L('属性', 'Properties')}>
        <Empty description={L('选择画布上的控件', 'Select an input on the canvas')} />
      </Card>
    );
  }
  const group = row.fieldType === 'group';
  return (
    <Card
      size="small"
      title={L('属性', 'Properties')}
      extra={
        <Button danger size="small" onClick={p.onRemove} data-testid="prop-remove">
          {L('删除', 'Remove')}
        </Button>
      }
    >
      <Form
        key={row.key}
        layout="vertical"
        size="small"
        initialValues={{ ...row, isRequired: row.isRequired === 1 }}
        onValuesChange={(changed: Record<string, unknown>) => {
          const patch = { ...changed } as Partial<DraftRow> & { isRequired?: unknown };
          if ('isRequired' in changed) patch.isRequired = changed.isRequired ? 1 : 0;
          p.onChange(patch as Partial<DraftRow>);
        }}
      >
        <Form.Item name="fieldLabel" label={L('标题', 'Label')}>
          <Input data-testid="prop-fieldLabel" maxLength={100} />
        </Form.Item>
        <Form.Item name="fieldName" label={L('字段名', 'Field name')}>
          <Input data-testid="prop-fieldName" maxLength={64} />
        </Form.Item>
        {group ? null : (
          <>
            <Form.Item name="fieldType" label={L('类型', 'Type')}>
              <Select
                data-testid="prop-fieldType"
                options={formFieldKinds
                  .filter((k) => k.value !== 'group')
                  .map((k) => ({ value: k.value, label: L(k.label.zh, k.label.en) }))}
              />
            </Form.Item>
            <Form.Item name="isRequired" label={L('必填', 'Required')} valuePropName="checked">
              <Switch data-testid="prop-isRequired" />
            </Form.Item>
            <Form.Item name="fieldLength" label={L('最大长度', 'Max length')}>
              <InputNumber min={1} max={2000} style={{ width: '100%' }} data-testid="prop-fieldLength" />
            </Form.Item>
            <Form.Item name="pattern" label={L('校验正则', 'Pattern')}>
              <Input data-testid="prop-pattern" maxLength={200} />
            </Form.Item>
            <Form.Item name="patternMessage" label={L('校验提示', 'Pattern message')}>
              <Input data-testid="prop-patternMessage" maxLength={100} />
            </Form.Item>
            {optionKinds.has(row.fieldType) ? (
              <Form.Item name="dictCode" label={L('选项字典编码', 'Options dictionary code')}>
                <Input data-testid="prop-dictCode" maxLength={64} />
              </Form.Item>
            ) : null}
            <Form.Item name="parentName" label={L('所属分组', 'Group')}>
              <Select
                allowClear
                data-testid="prop-parentName"
                options={p.groups.map((g) => ({ value: g.fieldName, label: g.fieldLabel }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="span" label={L('宽度(共24格)', 'Width (of 24)')}>
          <InputNumber min={1} max={24} style={{ width: '100%' }} data-testid="prop-span" />
        </Form.Item>
      </Form>
    </Card>
  );
}
