import { L } from '@civdesk/resources';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../api/request.ts';
import { toastError } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';

const T = {
  title: L('预览打印模板', 'Preview print template'),
  itemId: L('事项ID', 'Matter ID'),
  applyId: L('办件ID', 'Application ID'),
  preview: L('预览', 'Preview'),
  hint: L(
    '参数按名称绑定到打印SQL(:itemId、:applyId)；不填则为空。',
    'Parameters bind by name in the print SQL (:itemId, :applyId); empty when left out.',
  ),
  failed: L('预览失败', 'Preview failed'),
};

/** The PDF of a refusal is the JSON envelope: its message, or a generic one. */
async function messageOf(blob: Blob | undefined, fallback: string) {
  try {
    return JSON.parse((await blob?.text()) ?? '{}').msg || fallback;
  } catch {
    return fallback;
  }
}

/**
 * A print template's PDF (previewPDF) fetched with the session's headers and shown in a frame;
 * the matter and application ids are optional parameters of its print SQL.
 */
export function PdfPreview(p: { api: string; id: string | null; name: string; onClose: () => void }) {
  const lang = useLang();
  const [form] = Form.useForm<{ itemId?: string; applyId?: string }>();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const load = async () => {
    if (!p.id) return;
    setBusy(true);
    const params = Object.fromEntries(Object.entries(form.getFieldsValue()).filter(([, v]) => v));
    const res = await http
      .get<Blob>(`${p.api}/previewPDF/${p.id}`, { params, responseType: 'blob', meta: { silentCodes: 'all' } })
      .catch((e: { data?: Blob; status?: number }) => e);
    setBusy(false);
    const blob = (res as { data?: Blob }).data;
    if (!(blob instanceof Blob) || (res as { status?: number }).status !== 200 || !blob.type.includes('pdf')) {
      toastError(await messageOf(blob, T.failed[lang]));
      return;
    }
    setUrl(URL.createObjectURL(blob));
  };

  return (
    <Modal
      open={p.id !== null}
      title={`${T.title[lang]}: ${p.name}`}
      width="70%"
      footer={null}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => {
        setUrl(null);
        form.resetFields();
        p.onClose();
      }}
    >
      <Form form={form} layout="inline" onFinish={load}>
        <Form.Item name="itemId" label={T.itemId[lang]}>
          <Input data-testid="preview-itemId" allowClear />
        </Form.Item>
        <Form.Item name="applyId" label={T.applyId[lang]}>
          <Input data-testid="preview-applyId" allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="preview-run">
            {T.preview[lang]}
          </Button>
        </Space>
      </Form>
      <div style={{ margin: '8px 0', color: '#888' }}>{T.hint[lang]}</div>
      {url ? (
        <iframe title={p.name} src={url} data-testid="preview-frame" style={{ width: '100%', height: '70vh', border: '1px solid #eee' }} />
      ) : null}
    </Modal>
  );
}
