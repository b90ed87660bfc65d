import { useQuery } from '@tanstack/react-query';
import { type ButtonProps, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { toastSuccess } from '../../api/toast.ts';
import { useL } from '../../matter/forms/texts.ts';
import { type ApplyRow, batchHandle, curButtons } from '../api.ts';

type Values = { buttonId: string; content?: string };

/**
 * 批量办理: one completing button of the step (read from the first chosen application) and one
 * opinion for every chosen row; the server takes all or none.
 */
export function BatchDialog({ rows, open, onClose, onDone }: { rows: ApplyRow[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const L = useL();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const first = rows[0];
  const buttons = useQuery({
    queryKey: ['approve', 'buttons', first?.applyId, first?.taskId],
    queryFn: () => curButtons(first?.applyId ?? '', first?.taskId ?? ''),
    enabled: open && Boolean(first),
  });
  const completing = (buttons.data ?? []).filter((b) => b.action === 'pass' || b.action === 'reject');
  const run = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setBusy(true);
    try {
      const items = rows.map((r) => ({ applyId: r.applyId, taskId: r.taskId ?? '', realCurActivityName: r.realCurActivityName ?? '' }));
      const res = await batchHandle(items, v.buttonId, (v.content ?? '').trim());
      toastSuccess(L(`批量办理成功，共 ${res.count} 件`, `${res.count} applications handled`));
      onDone();
    } catch {
      // Refused (a step that does not permit it): the request layer showed why; nothing was handled.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={L(`批量办理（${rows.length} 件）`, `Batch handle (${rows.length})`)}
      onCancel={onClose}
      onOk={() => void run()}
      okButtonProps={{ loading: busy, 'data-testid': 'batch-ok' } as ButtonProps}
      destroyOnHidden
      data-testid="batch-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="buttonId"
          label={L('办理方式', 'Action')}
          rules={[{ required: true, message: L('请选择办理方式', 'Choose the action') }]}
        >
          <Select
            loading={buttons.isLoading}
            options={completing.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(id: string) => {
              const stock = completing.find((b) => b.id === id)?.options?.[0]?.butOptsInfo;
              if (stock && !form.getFieldValue('content')) form.setFieldValue('content', stock);
            }}
            data-testid="batch-button"
          />
        </Form.Item>
        <Form.Item name="content" label={L('办理意见', 'Opinion')} rules={[{ max: 1000 }]}>
          <Input.TextArea rows={3} data-testid="batch-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
