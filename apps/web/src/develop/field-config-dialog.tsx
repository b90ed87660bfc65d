import { componentTypes, dictionaries, propertyTypes, queryTypes } from '@civdesk/resources';
import { Button, Checkbox, Input, Modal, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { toastSuccess } from '../api/toast.ts';
import { useL } from '../matter/forms/texts.ts';
import { type FieldRow, loadFields, saveFields } from './api.ts';

type Flag = 'isList' | 'isQuery' | 'isForm' | 'isRow' | 'isRequired';

/**
 * A model's field configuration: one row per column of its table (label, property, type, list /
 * search / form visibility, dictionary, required), saved as a whole (`submit-list`). Before any is
 * saved the rows come from the table; 重新读取 reads them from the table again.
 */
export function FieldConfigDialog({ modelId, title, onClose }: { modelId: string | null; title?: string; onClose: () => void }) {
  const L = useL();
  const lang = L('zh', 'en') as 'zh' | 'en';
  const [rows, setRows] = useState<FieldRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = async (fromTable: boolean) => {
    if (!modelId) return;
    setLoading(true);
    try {
      setRows(await loadFields(modelId, fromTable));
    } catch {
      setRows([]); // the request layer shows why (the table is gone…)
    } finally {
      setLoading(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when another model opens
  useEffect(() => {
    setRows([]);
    void load(false);
  }, [modelId]);

  const set = (i: number, patch: Partial<FieldRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const options = (list: { value: string | number; label: { zh: string; en: string } }[]) =>
    list.map((o) => ({ value: String(o.value), label: o.label[lang] }));
  const dictOptions = useMemo(() => Object.entries(dictionaries).map(([code, d]) => ({ value: code, label: `${d.title} (${code})` })), []);
  const flag = (key: Flag, label: string) => ({
    title: label,
    dataIndex: key,
    width: 72,
    align: 'center' as const,
    render: (_: unknown, r: FieldRow, i: number) => (
      <Checkbox data-testid={`${key}-${r.jdbcName}`} checked={r[key] === 1} onChange={(e) => set(i, { [key]: e.target.checked ? 1 : 0 })} />
    ),
  });

  const columns: ColumnsType<FieldRow> = [
    { title: L('物理列名', 'Column'), dataIndex: 'jdbcName', width: 130, fixed: 'left' },
    { title: L('物理类型', 'Type'), dataIndex: 'jdbcType', width: 120 },
    {
      title: L('字段说明', 'Label'),
      dataIndex: 'comment',
      width: 140,
      render: (_, r, i) => (
        <Input
          data-testid={`comment-${r.jdbcName}`}
          value={r.comment}
          maxLength={100}
          onChange={(e) => set(i, { comment: e.target.value })}
        />
      ),
    },
    {
      title: L('属性名', 'Property'),
      dataIndex: 'propertyName',
      width: 130,
      render: (_, r, i) => <Input value={r.propertyName} maxLength={64} onChange={(e) => set(i, { propertyName: e.target.value })} />,
    },
    {
      title: L('实体类型', 'Property type'),
      dataIndex: 'propertyType',
      width: 120,
      render: (_, r, i) => (
        <Select
          style={{ width: '100%' }}
          value={r.propertyType}
          options={options(propertyTypes)}
          onChange={(v) => set(i, { propertyType: v })}
        />
      ),
    },
    flag('isList', L('列表', 'List')),
    flag('isQuery', L('查询', 'Search')),
    {
      title: L('查询类型', 'Search by'),
      dataIndex: 'queryType',
      width: 110,
      render: (_, r, i) => (
        <Select style={{ width: '100%' }} value={r.queryType} options={options(queryTypes)} onChange={(v) => set(i, { queryType: v })} />
      ),
    },
    flag('isForm', L('表单', 'Form')),
    flag('isRow', L('独占一行', 'Full row')),
    flag('isRequired', L('必填', 'Required')),
    {
      title: L('组件类型', 'Component'),
      dataIndex: 'componentType',
      width: 120,
      render: (_, r, i) => (
        <Select
          style={{ width: '100%' }}
          value={r.componentType}
          options={options(componentTypes)}
          onChange={(v) => set(i, { componentType: v })}
        />
      ),
    },
    {
      title: L('字典', 'Dictionary'),
      dataIndex: 'dictCode',
      width: 180,
      render: (_, r, i) => (
        <Select
          style={{ width: '100%' }}
          allowClear
          showSearch
          optionFilterProp="label"
          value={r.dictCode || undefined}
          options={dictOptions}
          onChange={(v) => set(i, { dictCode: v ?? null })}
        />
      ),
    },
  ];

  const save = async () => {
    setSaving(true);
    try {
      await saveFields(rows);
      toastSuccess(L('保存成功', 'Saved'));
      onClose();
    } catch {
      // the request layer shows the server's message (which row, why); the table stays as edited
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={Boolean(modelId)}
      title={`${L('字段配置', 'Fields')}${title ? `: ${title}` : ''}`}
      width={1280}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button data-testid="fields-reload" onClick={() => void load(true)}>
            {L('重新读取表结构', 'Read the table again')}
          </Button>
          <Button onClick={onClose}>{L('取消', 'Cancel')}</Button>
          <Button type="primary" data-testid="fields-save" loading={saving} disabled={!rows.length} onClick={() => void save()}>
            {L('保存', 'Save')}
          </Button>
        </Space>
      }
    >
      <Table<FieldRow>
        rowKey="jdbcName"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1600, y: 480 }}
        data-testid="field-config"
      />
    </Modal>
  );
}
