import '../../i18n/workflow-texts.ts';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, type ButtonProps, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FollowRow, managerList } from '../api.ts';

type Values = { processDefinitionId: string; mapping?: { from?: string; to?: string }[] };

/**
 * 迁移版本: moves a running instance to another deployed version of its process. Steps the
 * target lacks may be mapped to steps it has; the server refuses, naming the step, when an active
 * step has no counterpart.
 */
export function MigrateDialog({
  row,
  onMigrate,
  onClose,
}: {
  row?: FollowRow;
  onMigrate: (processDefinitionId: string, mapping: Record<string, string>) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const key = row?.processDefinitionKey ?? '';
  const { data } = useQuery({
    queryKey: ['wf', 'versions', key],
    queryFn: () => managerList({ key, current: 1, size: 100 }),
    enabled: Boolean(row),
  });
  const versions = (data?.records ?? []).filter((d) => d.key === key && d.id !== row?.processDefinitionId);
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    const mapping = Object.fromEntries((v.mapping ?? []).filter((m) => m.from && m.to).map((m) => [m.from?.trim(), m.to?.trim()]));
    await onMigrate(v.processDefinitionId, mapping);
  };
  return (
    <Modal
      open={Boolean(row)}
      title={t('wf.actions.migrate')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'migrate-ok' } as ButtonProps}
      destroyOnHidden
      maskClosable={false}
      data-testid="follow-migrate-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="processDefinitionId"
          label={t('wf.actions.migrateTarget')}
          rules={[{ required: true, message: t('wf.actions.migrateTargetRequired') }]}
        >
          <Select
            options={versions.map((d) => ({ value: d.id, label: `${d.name} ${t('wf.common.versionOf', { v: d.version })}` }))}
            data-testid="migrate-target"
          />
        </Form.Item>
        <Form.List name="mapping">
          {(fields, { add, remove }) => (
            <Form.Item label={t('wf.actions.mapping')}>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'from']} rules={[{ max: 255 }]}>
                    <Input placeholder={t('wf.actions.mappingFrom')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'to']} rules={[{ max: 255 }]}>
                    <Input placeholder={t('wf.actions.mappingTo')} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" onClick={() => add()} icon={<PlusOutlined />}>
                {t('wf.actions.addMapping')}
              </Button>
            </Form.Item>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
