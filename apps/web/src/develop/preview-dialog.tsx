import { Button, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useL } from '../matter/forms/texts.ts';
import type { Generated, GeneratedFile } from './api.ts';
import { loadHighlighter } from './highlight.ts';
import { saveFile, zipOf } from './zip.ts';

/** One file's text, highlighted once the highlighter has loaded (plain text until then). */
function CodeView({ file }: { file: GeneratedFile }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (file.language === 'typescript') {
      void loadHighlighter().then((h) => {
        if (live) setHtml(h(file.content));
      });
    }
    return () => {
      live = false;
    };
  }, [file]);
  return html === null ? (
    <pre className="code-preview" data-testid="code-preview">
      {file.content}
    </pre>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the code; only its own spans are markup
    <pre className="code-preview hljs" data-testid="code-preview" dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** The generated files of one generator, a tab each, with a zip download of them all. */
export function PreviewDialog({ generated, onClose }: { generated: Generated | null; onClose: () => void }) {
  const L = useL();
  return (
    <Modal
      open={Boolean(generated)}
      title={`${L('代码预览', 'Code preview')}${generated ? `: ${generated.codeName}` : ''}`}
      width={1000}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {L('关闭', 'Close')}
        </Button>,
        <Button
          key="zip"
          type="primary"
          data-testid="code-download"
          onClick={() => generated && saveFile(zipOf([generated]), `${generated.name}.zip`)}
        >
          {L('下载 zip', 'Download zip')}
        </Button>,
      ]}
    >
      {generated && (
        <Tabs
          items={generated.files.map((f) => ({
            key: f.path,
            label: f.path.slice(f.path.lastIndexOf('/') + 1),
            children: (
              <>
                <div style={{ color: '#888', marginBottom: 8 }}>{f.path}</div>
                <CodeView file={f} />
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
