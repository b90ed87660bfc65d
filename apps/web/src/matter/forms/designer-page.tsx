import { type FormOption, optionKinds } from '@civdesk/meta';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { toastSuccess } from '../../api/toast.ts';
import { fetchDictionary } from '../../crud/crud-api.ts';
import { fetchForms, fetchLevel, publish, saveAll } from './api.ts';
import { Canvas, type DropAction, displayOrder, Palette } from './canvas.tsx';
import { type DraftRow, draftToSchema, fromDetailRows, newRow, toSubmitRows } from './draft.ts';
import { FormRenderer } from './form-renderer.tsx';
import { Properties } from './properties.tsx';
import { useL } from './texts.ts';

async function loadDraft(formId: string): Promise<DraftRow[]> {
  const top = await fetchLevel(formId);
  const children: Record<string, Record<string, unknown>[]> = {};
  for (const g of top.filter((r) => r.hasChildren)) children[g.id] = await fetchLevel(formId, g.id);
  return fromDetailRows(top, children);
}

/** Applies a drop: a new input (into the group it lands on) or a row moved before another. */
function applyDrop(rows: DraftRow[], a: DropAction, label: (k: string) => string): { rows: DraftRow[]; key?: string } {
  const target = rows.find((r) => r.key === a.target);
  const placeOf = (moving: DraftRow) =>
    !target || moving.fieldType === 'group' ? undefined : target.fieldType === 'group' ? target.fieldName : target.parentName;
  if (a.kind) {
    const row = newRow(a.kind, label(a.kind), rows);
    row.parentName = placeOf(row);
    return { rows: [...rows, row], key: row.key };
  }
  const moving = rows.find((r) => r.key === a.move);
  if (!moving || moving.key === a.target) return { rows };
  const moved = { ...moving, parentName: moving.fieldType === 'group' ? undefined : placeOf(moving) };
  const rest = rows.filter((r) => r.key !== moving.key);
  const at = target && target.fieldType !== 'group' ? rest.indexOf(target) : rest.length;
  return { rows: [...rest.slice(0, at), moved, ...rest.slice(at)], key: moved.key };
}

/** /matter/form-designer: drag inputs onto a form's draft, set their rules, preview, save and publish. */
export function FormDesignerPage() {
  const L = useL();
  const client = useQueryClient();
  const forms = useQuery({ queryKey: ['mat-forms'], queryFn: fetchForms });
  const [formId, setFormId] = useState<string>();
  const [rows, setRows] = useState<DraftRow[]>([]);
  const [selected, setSelected] = useState<string>();
  const [options, setOptions] = useState<Record<string, FormOption[]>>({});
  const [busy, setBusy] = useState(false);
  const [preview] = Form.useForm();
  const current = forms.data?.records.find((f) => f.id === formId);

  useEffect(() => {
    setRows([]);
    setSelected(undefined);
    if (formId) void loadDraft(formId).then(setRows);
  }, [formId]);

  // The preview offers each options field its dictionary's entries, as publishing will copy them.
  const codes = [...new Set(rows.filter((r) => optionKinds.has(r.fieldType) && r.dictCode).map((r) => r.dictCode as string))];
  const missing = codes.filter((c) => !(c in options)).join(',');
  useEffect(() => {
    for (const code of missing ? missing.split(',') : []) {
      void fetchDictionary(code)
        .then((items) =>
          setOptions((o) => ({ ...o, [code]: items.map((d) => ({ value: String(d.dictKey), label: String(d.dictValue) })) })),
        )
        .catch(() => setOptions((o) => ({ ...o, [code]: [] })));
    }
  }, [missing]);

  const schema = useMemo(() => draftToSchema(displayOrder(rows), options, current?.formName), [rows, options, current?.formName]);
  const kindLabel = (k: string) => ({ group: L('分组', 'Group') })[k] ?? L('新字段', 'New field');
  const onDrop = (a: DropAction) => {
    const next = applyDrop(rows, a, kindLabel);
    setRows(next.rows);
    if (next.key) setSelected(next.key);
  };
  const patch = (p: Partial<DraftRow>) =>
    setRows((rs) => {
      const old = rs.find((r) => r.key === selected);
      return rs.map((r) => {
        if (r.key === selected) return { ...r, ...p };
        // A renamed group keeps its fields.
        if (old && p.fieldName !== undefined && r.parentName === old.fieldName) return { ...r, parentName: p.fieldName };
        return r;
      });
    });
  const save = async () => {
    if (!formId) return;
    setBusy(true);
    try {
      await saveAll(formId, toSubmitRows(displayOrder(rows)));
      toastSuccess(L('保存成功', 'Saved'));
      setRows(await loadDraft(formId));
      return true;
    } finally {
      setBusy(false);
    }
  };
  const doPublish = async () => {
    if (!formId || !(await save())) return;
    const v = await publish(formId);
    toastSuccess(L(`已发布第${v.version}版`, `Published version ${v.version}`));
    await client.invalidateQueries({ queryKey: ['mat-forms'] });
  };

  return (
    <Card
      title={L('表单设计', 'Form designer')}
      extra={
        <Space>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 260 }}
            placeholder={L('选择表单', 'Choose a form')}
            data-testid="designer-form"
            value={formId}
            onChange={setFormId}
            options={(forms.data?.records ?? []).map((f) => ({ value: f.id, label: f.formName }))}
          />
          {current ? (
            <Tag color={current.publishStatus === 1 ? 'green' : 'default'} data-testid="designer-status">
              {current.publishStatus === 1
                ? L(`已发布 v${current.latestVersion}`, `Published v${current.latestVersion}`)
                : L('未发布', 'Unpublished')}
            </Tag>
          ) : null}
          <Button disabled={!formId} loading={busy} onClick={() => void save()} data-testid="designer-save">
            {L('保存', 'Save')}
          </Button>
          <Button type="primary" disabled={!formId} loading={busy} onClick={() => void doPublish()} data-testid="designer-publish">
            {L('发布', 'Publish')}
          </Button>
        </Space>
      }
    >
      <Row gutter={12}>
        <Col span={4}>
          <Palette onAdd={(kind) => onDrop({ kind })} />
        </Col>
        <Col span={12}>
          <Canvas rows={rows} selected={selected} onSelect={setSelected} onDrop={onDrop} />
        </Col>
        <Col span={8}>
          <Properties
            row={rows.find((r) => r.key === selected)}
            groups={rows.filter((r) => r.fieldType === 'group')}
            onChange={patch}
            onRemove={() => {
              setRows((rs) =>
                rs
                  .filter((r) => r.key !== selected)
                  .map((r) =>
                    r.parentName && !rs.some((g) => g.key !== selected && g.fieldName === r.parentName)
                      ? { ...r, parentName: undefined }
                      : r,
                  ),
              );
              setSelected(undefined);
            }}
          />
        </Col>
      </Row>
      <Card size="small" title={L('预览', 'Preview')} style={{ marginTop: 12 }} data-testid="designer-preview">
        <FormRenderer
          schema={schema}
          form={preview}
          onFinish={() => toastSuccess(L('校验通过', 'All fields are valid'))}
          footer={
            <Button htmlType="submit" data-testid="preview-check">
              {L('试填校验', 'Check')}
            </Button>
          }
        />
      </Card>
    </Card>
  );
}
