import '../../i18n/workflow-texts.ts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Deleting a running instance asks why (follow/delete-process-instance demands a reason). */
export function DeleteInstanceDialog({
  open,
  onDelete,
  onClose,
}: {
  open: boolean;
  onDelete: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={t('wf.follow.deleteTitle')}
      onCancel={onClose}
      onOk={async () => onDelete((await form.validateFields()).reason.trim())}
      okButtonProps={{ danger: true }}
      destroyOnHidden
      data-testid="follow-delete-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('wf.follow.reason')}
          rules={[{ required: true, whitespace: true, message: t('wf.follow.reasonRequired') }, { max: 255 }]}
        >
          <Input.TextArea rows={3} data-testid="follow-delete-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
