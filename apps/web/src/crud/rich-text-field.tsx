import { ProForm } from '@ant-design/pro-components';
import { sanitizeHtml } from '@civdesk/meta';
import { Button, Col, Space } from 'antd';
import { useEffect, useRef } from 'react';

type Props = { value?: string; onChange?: (v: string) => void; disabled?: boolean; testId: string; label: string };

// Formatting the editor offers: the browser's own editing commands on the selection.
const commands: [cmd: string, text: string][] = [
  ['bold', 'B'],
  ['italic', 'I'],
  ['underline', 'U'],
  ['insertUnorderedList', '•'],
  ['insertOrderedList', '1.'],
  ['removeFormat', '⌫'],
];

/**
 * A light rich-text editor (an editable area with bold, italic, underline and lists); viewing
 * shows the HTML cleaned by the same allow-list the server applies (meta `sanitizeHtml`). The
 * server cleans what it stores again.
 */
function RichTextInput({ value = '', onChange, disabled, testId, label }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // The DOM is the editor's state while typing; a value from outside (loading a row) replaces it.
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== value) el.innerHTML = sanitizeHtml(value);
  }, [value]);
  const changed = () => onChange?.(ref.current?.innerHTML ?? '');
  const box = { minHeight: 160, maxHeight: 420, overflow: 'auto', padding: '4px 11px', border: '1px solid #d9d9d9', borderRadius: 6 };
  if (disabled)
    return (
      <div
        data-testid={testId}
        data-rich-text=""
        style={{ ...box, background: '#fafafa' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by the allow-list first
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }}
      />
    );
  return (
    <div>
      <Space size={4} style={{ marginBottom: 4 }}>
        {commands.map(([cmd, text]) => (
          <Button
            key={cmd}
            size="small"
            // Keeps the selection in the editable area.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              document.execCommand(cmd);
              changed();
            }}
          >
            {text}
          </Button>
        ))}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: formatted text needs an editable element, not a textarea */}
      <div
        ref={ref}
        role="textbox"
        aria-multiline
        aria-label={label}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        data-testid={testId}
        data-rich-text=""
        onInput={changed}
        onBlur={changed}
        style={box}
      />
    </div>
  );
}

export function RichTextField(p: {
  name: string;
  label: string;
  disabled: boolean;
  required: boolean;
  rules: unknown[];
  colProps: object;
  testId: string;
}) {
  return (
    // The form's grid puts fields in a row; ProForm.Item takes no column settings of its own.
    <Col {...p.colProps}>
      <ProForm.Item name={p.name} label={p.label} required={p.required} rules={p.rules as never}>
        <RichTextInput disabled={p.disabled} testId={p.testId} label={p.label} />
      </ProForm.Item>
    </Col>
  );
}
