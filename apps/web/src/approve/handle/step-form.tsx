import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Spin } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '../../api/toast.ts';
import { FormRenderer } from '../../matter/forms/form-renderer.tsx';
import { useL } from '../../matter/forms/texts.ts';
import { formInfo, type StepRef, updateForm } from '../api.ts';
import { splitByRights } from './rights.ts';

/**
 * The form of the step (getFormInfo) with its field rights: read fields shown disabled, editable
 * ones saved with 保存 (update). `at` is undefined on a read-only page.
 */
export function StepForm({ applyId, at, onStale }: { applyId: string; at?: StepRef; onStale: (e: unknown) => void }) {
  const L = useL();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['approve', 'form', applyId], queryFn: () => formInfo(applyId) });
  if (q.isLoading) return <Spin />;
  if (!q.data?.schema) return <Alert type="info" showIcon message={L('本环节未配置表单', 'No form is configured for this step')} />;
  const data = q.data.data ?? {};
  const { edit, read } = splitByRights(q.data.schema, q.data.rights, !at);
  const save = async (values: Record<string, unknown>) => {
    if (!at) return;
    setBusy(true);
    try {
      await updateForm(at, { ...data, ...values });
      toastSuccess(L('保存成功', 'Saved'));
      await q.refetch();
    } catch (e) {
      onStale(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="step-form">
      {read.fields.length > 0 && <FormRenderer schema={read} disabled initialValues={data} />}
      {edit.fields.length > 0 && (
        <FormRenderer
          schema={edit}
          form={form}
          initialValues={data}
          onFinish={(v) => void save(v)}
          footer={
            <Button type="primary" htmlType="submit" loading={busy} data-testid="step-form-save">
              {L('保存', 'Save')}
            </Button>
          }
        />
      )}
    </div>
  );
}
