import '../../i18n/workflow-texts.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, type ButtonProps, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { returnTargets } from '../api.ts';

/** 退回: the earlier steps this task may go back to (work/return-targets); resolves with the chosen one. */
export function ReturnDialog({
  taskId,
  open,
  onReturn,
  onClose,
}: {
  taskId: string;
  open: boolean;
  onReturn: (nodeId: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nodeId: string }>();
  const { data } = useQuery({ queryKey: ['wf', 'return-targets', taskId], queryFn: () => returnTargets(taskId), enabled: open });
  const none = data !== undefined && data.length === 0;
  return (
    <Modal
      open={open}
      title={t('wf.leave.returnTo')}
      onCancel={onClose}
      okButtonProps={{ disabled: none, 'data-testid': 'return-ok' } as ButtonProps}
      onOk={async () => onReturn((await form.validateFields()).nodeId)}
      destroyOnHidden
      data-testid="return-dialog"
    >
      {none ? (
        <Alert type="info" message={t('wf.leave.noReturnTarget')} />
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item
            name="nodeId"
            label={t('wf.leave.returnTarget')}
            rules={[{ required: true, message: t('wf.leave.returnTargetRequired') }]}
          >
            <Select options={(data ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName || n.nodeId }))} data-testid="return-target" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
