import '../../i18n/workflow-texts.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Spin, Upload } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { useLang } from '../../i18n/index.ts';
import { modelDetail, submitModel } from '../api.ts';
import { blankXml } from './blank-xml.ts';
import { DeployModelDialog } from './deploy-dialog.tsx';
import './design-page.css';
import { useModeler } from './use-modeler.ts';

type Values = { name: string; modelKey: string; description?: string };
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** /flow/model/design[/{id}]: draw a model, lint and save it (model/submit), deploy it. */
export function DesignPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const perms = useButtonPermissions();
  const { id } = useParams();
  const [form] = Form.useForm<Values>();
  const canvas = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const [deploying, setDeploying] = useState<string>();
  const detail = useQuery({ queryKey: ['wf', 'model-detail', id], queryFn: () => modelDetail(id ?? ''), enabled: Boolean(id) });
  const xml = useMemo(() => (id ? detail.data?.xml : blankXml()), [id, detail.data?.xml]);
  const modeler = useModeler(canvas, panel, xml, lang);

  const save = async () => {
    const v = await form.validateFields();
    const m = modeler.handle.current;
    if (!m) return;
    m.name(v.modelKey, v.name);
    const errors = await m.lint();
    if (errors > 0) return toastError(t('wf.model.lintErrors', { count: errors }));
    setSaving(true);
    try {
      const saved = await submitModel({ id, name: v.name, modelKey: v.modelKey, description: v.description, xml: await m.xml() });
      toastSuccess(t('wf.model.saved'));
      if (!id) navigate(`/flow/model/design/${encodeURIComponent(saved.id)}`, { replace: true });
    } finally {
      setSaving(false);
    }
  };
  const download = async () => {
    const text = await modeler.handle.current?.xml();
    if (!text) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
    a.download = `${form.getFieldValue('modelKey') || 'process'}.bpmn`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  if (id && !detail.data) return <Spin />;
  return (
    <Card
      title={t('wf.model.designerTitle')}
      data-testid="model-designer"
      extra={
        <Space>
          <Upload
            accept=".bpmn,.xml"
            showUploadList={false}
            beforeUpload={(f) => {
              void f.text().then((x) => modeler.handle.current?.open(x));
              return false;
            }}
          >
            <Button>{t('wf.model.importXml')}</Button>
          </Upload>
          <Button onClick={() => void download()}>{t('wf.model.downloadXml')}</Button>
          {id && perms.has('flow_model_deploy') && (
            <Button onClick={() => setDeploying(id)} data-testid="designer-deploy">
              {t('wf.model.deploy')}
            </Button>
          )}
          <Button
            type="primary"
            loading={saving}
            disabled={modeler.state !== 'ready'}
            onClick={() => void save()}
            data-testid="designer-save"
          >
            {t('wf.model.save')}
          </Button>
          <Button onClick={() => navigate('/flow/model')}>{t('wf.common.back')}</Button>
        </Space>
      }
    >
      <Form form={form} layout="inline" initialValues={detail.data ?? {}} className="designer-form">
        <Form.Item
          name="name"
          label={t('wf.model.name')}
          rules={[{ required: true, whitespace: true, message: t('wf.model.nameRequired') }, { max: 64 }]}
        >
          <Input data-testid="designer-name" />
        </Form.Item>
        <Form.Item
          name="modelKey"
          label={t('wf.model.key')}
          rules={[
            { required: true, message: t('wf.model.keyRequired') },
            { pattern: KEY, message: t('wf.model.keyPattern') },
          ]}
        >
          <Input disabled={Boolean(id)} data-testid="designer-key" />
        </Form.Item>
        <Form.Item name="description" label={t('wf.model.description')} rules={[{ max: 255 }]}>
          <Input style={{ width: 280 }} />
        </Form.Item>
      </Form>
      <div className="designer" data-testid="designer" data-state={modeler.state}>
        {modeler.state !== 'ready' && (
          <div className="designer-status" role={modeler.state === 'error' ? 'alert' : undefined}>
            {t(modeler.state === 'error' ? 'wf.model.loadError' : 'wf.model.loading')}
          </div>
        )}
        <div ref={canvas} className="designer-canvas" />
        <div ref={panel} className="designer-panel" />
      </div>
      <DeployModelDialog modelId={deploying} onClose={() => setDeploying(undefined)} />
    </Card>
  );
}
