import { L } from '@civdesk/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getData, http, postData } from '../../api/request.ts';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';
import { SignatureInput } from './signature-input.tsx';

const API = '/api/dw-biz-mzapprove/demoMaterials';
const T = {
  title: L('电子签章', 'Signing'),
  none: L('该环节没有签章要素', 'This step has no signing element'),
  generate: L('生成文件', 'Generate'),
  regenerate: L('重新生成', 'Generate again'),
  confirmRegenerate: L('重新生成将作废已有的签章，确定继续？', 'Generating again voids the signatures made so far. Continue?'),
  preview: L('预览', 'Preview'),
  sign: L('签章', 'Sign'),
  progress: L('已签章', 'Signed'),
  complete: L('签章已完成', 'Signing complete'),
  incomplete: L('签章未完成', 'Signing incomplete'),
  noDoc: L('尚未生成文件', 'No document generated yet'),
  signer: L('签章人', 'Signer'),
  time: L('签章时间', 'Signed at'),
  hash: L('文件SHA-256', 'File SHA-256'),
  generated: L('文件已生成', 'Document generated'),
  signed: L('签章成功', 'Signed'),
  previewFailed: L('预览失败', 'Preview failed'),
};

type Signature = { id: string; signerName: string; signTime: string; pdfSha256: string; status: string };
type Doc = { id: string; fileLink: string; signedLink: string | null; fileSha256: string; status: string; signatures: Signature[] };
export type SignState = { sign: { id: string; printId?: string }; doc: Doc | null; required: number; count: number; complete: boolean };
export type SignPanelProps = { applyId: string; elementId: string; readOnly?: boolean };

/** The latest PDF of a document, fetched with the session's headers and shown in a frame. */
function Preview(p: { link: string | null; onClose: () => void }) {
  const lang = useLang();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!p.link) return;
    let made: string | null = null;
    http
      .get<Blob>(p.link, { responseType: 'blob', meta: { silentCodes: 'all' } })
      .then((res) => {
        made = URL.createObjectURL(res.data);
        setUrl(made);
      })
      .catch(() => toastError(T.previewFailed[lang]));
    return () => {
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [p.link, lang]);
  return (
    <Modal open={p.link !== null} title={T.preview[lang]} width="70%" footer={null} onCancel={p.onClose} destroyOnHidden>
      {url ? (
        <iframe title={T.preview[lang]} src={url} data-testid="sign-preview-frame" style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : null}
    </Modal>
  );
}

/**
 * The step's signing elements: generate each document from its print template, preview it, sign it
 * (drawn or uploaded image) until the configured number of signatures is reached, and the record
 * of who signed when with the signed file's hash.
 */
export function SignPanel(p: SignPanelProps) {
  const lang = useLang();
  const client = useQueryClient();
  const key = ['demoMaterials-sign', p.applyId, p.elementId];
  const state = useQuery({
    queryKey: key,
    queryFn: () => getData<SignState[]>(`${API}/getElectronicSign`, { applyId: p.applyId, elementId: p.elementId }),
  });
  const [preview, setPreview] = useState<string | null>(null);
  const [signing, setSigning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const generate = async (s: SignState) => {
    await postData(`${API}/doCreateSignPdf`, { applyId: p.applyId, elementId: p.elementId, signId: s.sign.id });
    toastSuccess(T.generated[lang]);
    await refresh();
  };
  const sign = async (image: string) => {
    setBusy(true);
    try {
      await postData(`${API}/signed`, { applyId: p.applyId, docId: signing, image });
      toastSuccess(T.signed[lang]);
      setSigning(null);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  if (state.data && state.data.length === 0) return <Empty description={T.none[lang]} data-testid="sign-panel-empty" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sign-panel">
      {(state.data ?? []).map((s) => (
        <Card
          key={s.sign.id}
          size="small"
          title={T.title[lang]}
          data-testid={`sign-${s.sign.id}`}
          extra={
            <Tag color={s.complete ? 'green' : 'orange'} data-testid={`sign-progress-${s.sign.id}`}>
              {`${T.progress[lang]} ${s.count}/${s.required}`}
            </Tag>
          }
        >
          <Space wrap style={{ marginBottom: 8 }}>
            {p.readOnly ? null : s.doc?.signatures.length ? (
              <Popconfirm title={T.confirmRegenerate[lang]} onConfirm={() => generate(s)}>
                <Button data-testid={`sign-generate-${s.sign.id}`}>{T.regenerate[lang]}</Button>
              </Popconfirm>
            ) : (
              <Button onClick={() => generate(s)} data-testid={`sign-generate-${s.sign.id}`}>
                {s.doc ? T.regenerate[lang] : T.generate[lang]}
              </Button>
            )}
            {s.doc ? (
              <>
                <Button onClick={() => setPreview(s.doc?.signedLink ?? s.doc?.fileLink ?? null)} data-testid={`sign-preview-${s.sign.id}`}>
                  {T.preview[lang]}
                </Button>
                {p.readOnly ? null : (
                  <Button type="primary" onClick={() => setSigning(s.doc?.id ?? null)} data-testid={`sign-sign-${s.sign.id}`}>
                    {T.sign[lang]}
                  </Button>
                )}
              </>
            ) : (
              <Typography.Text type="secondary">{T.noDoc[lang]}</Typography.Text>
            )}
          </Space>
          {s.doc?.signatures.length ? (
            <Table<Signature>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={s.doc.signatures}
              columns={[
                { title: T.signer[lang], dataIndex: 'signerName' },
                { title: T.time[lang], dataIndex: 'signTime' },
                {
                  title: T.hash[lang],
                  dataIndex: 'pdfSha256',
                  render: (v: string) => <Typography.Text copyable={{ text: v }}>{`${v.slice(0, 16)}…`}</Typography.Text>,
                },
              ]}
            />
          ) : null}
        </Card>
      ))}
      <Preview link={preview} onClose={() => setPreview(null)} />
      <SignatureInput open={signing !== null} busy={busy} onCancel={() => setSigning(null)} onSign={sign} />
    </Space>
  );
}
