import '../../i18n/workflow-texts.ts';
import { type ButtonProps, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/toast.ts';
import { deployModel } from '../api.ts';
import { useCategories } from '../shared/use-categories.ts';

/** 部署: the saved model becomes a new version of its process under a category (model/deploy). */
export function DeployModelDialog({ modelId, onClose }: { modelId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [form] = Form.useForm<{ category: string }>();
  return (
    <Modal
      open={Boolean(modelId)}
      title={t('wf.model.deployTitle')}
      onCancel={onClose}
      onOk={async () => {
        const { category } = await form.validateFields();
        await deployModel(modelId ?? '', category);
        toastSuccess(t('wf.model.deployed'));
        onClose();
      }}
      okButtonProps={{ 'data-testid': 'model-deploy-ok' } as ButtonProps}
      destroyOnHidden
      data-testid="model-deploy-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="category" label={t('wf.common.category')} rules={[{ required: true, message: t('wf.common.categoryRequired') }]}>
          <Select options={categories} data-testid="model-deploy-category" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
