import { ProForm } from '@ant-design/pro-components';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { RichTextField } from './rich-text-field.tsx';

function mount(disabled: boolean, content: string, onValues?: (v: Record<string, unknown>) => void) {
  return render(
    <Providers>
      <ProForm grid initialValues={{ content }} submitter={false} onValuesChange={(_, all) => onValues?.(all)}>
        <RichTextField name="content" label="内容" disabled={disabled} required={false} rules={[]} colProps={{}} testId="field-content" />
      </ProForm>
    </Providers>,
  );
}

describe('RichTextField', () => {
  it('shows stored HTML cleaned when viewing, not editable', async () => {
    mount(true, '<p>正文<img src="x.png" onerror="alert(1)"><script>alert(2)</script></p>');
    const view = await screen.findByTestId('field-content');
    expect(view.getAttribute('contenteditable')).toBeNull();
    expect(view.innerHTML).toContain('正文');
    expect(view.innerHTML).not.toContain('onerror');
    expect(view.innerHTML).not.toContain('script');
  });

  it('loads the value into the editor and hands edits to the form', async () => {
    let values: Record<string, unknown> = {};
    mount(false, '<b>旧</b>', (v) => {
      values = v;
    });
    const editor = await screen.findByTestId('field-content');
    await waitFor(() => expect(editor.innerHTML).toBe('<b>旧</b>'));
    expect(editor.getAttribute('contenteditable')).toBe('true');
    editor.innerHTML = '<b>旧</b><i>新</i>';
    fireEvent.input(editor);
    await waitFor(() => expect(values.content).toBe('<b>旧</b><i>新</i>'));
  });
});
