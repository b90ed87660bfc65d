import { L } from '@civdesk/resources';
import { Button, Modal, Radio, Space, Upload } from 'antd';
import { useRef, useState } from 'react';
import SignatureCanvasModule from 'react-signature-canvas';
import { toastError } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';

/** The server's limit for a signature image (modules/signing): 500 KB, PNG or JPEG. */
export const MAX_SIGNATURE_KB = 500;
const T = {
  title: L('签名', 'Signature'),
  draw: L('手写签名', 'Draw'),
  upload: L('上传签名图片', 'Upload image'),
  clear: L('清除', 'Clear'),
  choose: L('选择图片', 'Choose image'),
  ok: L('确认签章', 'Sign'),
  empty: L('请先签名或上传签名图片', 'Please sign or upload a signature image first'),
  tip: L('只能上传PNG/JPG图片，且不超过500KB', 'PNG/JPG images only, at most 500 KB'),
};

// The package is a CommonJS (UMD) bundle that marks itself `__esModule` with the component on
// `default`; the production build hands the default import over as that whole exports object, so
// rendering it failed (React #130) and the signing dialog never opened. Take the component from
// `default` when it is there, the import itself otherwise (as the dev server and tests resolve it).
const SignatureCanvas = (SignatureCanvasModule as unknown as { default?: typeof SignatureCanvasModule }).default ?? SignatureCanvasModule;
type SignatureCanvas = SignatureCanvasModule;

/** Whether a chosen file may be a signature image (the server checks its bytes again). */
export function acceptsSignature(file: { name: string; size: number }): boolean {
  return /\.(png|jpe?g)$/i.test(file.name) && file.size <= MAX_SIGNATURE_KB * 1024;
}

/** Whether this browser can draw on a canvas; without it the dialog offers only an uploaded image. */
const canDraw = () => {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
};

const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

/** A dialog that takes a drawn signature (canvas → PNG) or an uploaded image, as a data URL. */
export function SignatureInput(p: { open: boolean; busy: boolean; onCancel: () => void; onSign: (image: string) => void }) {
  const lang = useLang();
  const [drawable] = useState(canDraw);
  const [mode, setMode] = useState<'draw' | 'upload'>(drawable ? 'draw' : 'upload');
  const [image, setImage] = useState<string | null>(null);
  const canvas = useRef<SignatureCanvas>(null);
  const confirm = () => {
    const drawn = mode === 'draw' && canvas.current && !canvas.current.isEmpty() ? canvas.current.toDataURL('image/png') : null;
    const chosen = mode === 'upload' ? image : drawn;
    if (!chosen) return toastError(T.empty[lang]);
    p.onSign(chosen);
  };
  return (
    <Modal
      open={p.open}
      title={T.title[lang]}
      onCancel={p.onCancel}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Button type="primary" loading={p.busy} onClick={confirm} data-testid="signature-confirm">
          {T.ok[lang]}
        </Button>
      }
    >
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} style={{ marginBottom: 12 }}>
        <Radio.Button value="draw" disabled={!drawable}>
          {T.draw[lang]}
        </Radio.Button>
        <Radio.Button value="upload" data-testid="signature-mode-upload">
          {T.upload[lang]}
        </Radio.Button>
      </Radio.Group>
      {mode === 'draw' ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <div style={{ border: '1px dashed #bbb' }}>
            <SignatureCanvas ref={canvas} penColor="#000" canvasProps={{ width: 460, height: 180, 'data-testid': 'signature-canvas' }} />
          </div>
          <Button size="small" onClick={() => canvas.current?.clear()}>
            {T.clear[lang]}
          </Button>
        </Space>
      ) : (
        <Space direction="vertical">
          <Upload
            accept=".png,.jpg,.jpeg"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              if (!acceptsSignature(file)) {
                toastError(T.tip[lang]);
                return Upload.LIST_IGNORE;
              }
              void dataUrlOf(file).then(setImage);
              return false;
            }}
          >
            <Button data-testid="signature-choose">{T.choose[lang]}</Button>
          </Upload>
          <span style={{ color: '#888' }}>{T.tip[lang]}</span>
          {image ? <img src={image} alt={T.title[lang]} data-testid="signature-chosen" style={{ maxWidth: 240, maxHeight: 100 }} /> : null}
        </Space>
      )}
    </Modal>
  );
}
