import '../../i18n/workflow-texts.ts';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deployUpload } from '../api.ts';
import { useCategories } from '../shared/use-categories.ts';

const MAX = 5 * 1024 * 1024;
/** The files the server deploys: BPMN 2.0 XML named .bpmn or .bpmn20.xml, at most 5 MB each. */
export const deployable = (f: { name: string; size?: number }) => /\.(bpmn|bpmn20\.xml)$/i.test(f.name) && (f.size ?? 0) <= MAX;

/** 部署流程: one or more BPMN files deployed under a category (manager/deploy-upload). */
export function UploadDialog({ open, onClose, onDeployed }: { open: boolean; onClose: () => void; onDeployed: () => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [form] = Form.useForm<{ category: string; files: UploadFile[] }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await deployUpload(
        v.category,
        v.files.map((f) => f.originFileObj as File),
      );
      form.resetFields();
      onDeployed();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('wf.manager.uploadTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="deploy-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="category" label={t('wf.common.category')} rules={[{ required: true, message: t('wf.common.categoryRequired') }]}>
          <Select options={categories} data-testid="deploy-category" />
        </Form.Item>
        <Form.Item
          name="files"
          label={t('wf.manager.files')}
          extra={t('wf.manager.filesHint')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.filter((f) => deployable({ name: f.name, size: f.size }))}
          rules={[{ required: true, type: 'array', min: 1, message: t('wf.manager.filesRequired') }]}
        >
          <Upload accept=".bpmn,.xml" multiple beforeUpload={() => false} data-testid="deploy-files">
            <Button icon={<UploadOutlined />}>{t('wf.manager.files')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
