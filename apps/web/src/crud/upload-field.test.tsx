import { ProForm } from '@ant-design/pro-components';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, on, stubNetwork } from '../test/http-stub.ts';
import { acceptsFile, UploadField } from './upload-field.tsx';

const limits = { accept: ['png', 'jpg', 'jpeg'], maxKb: 5000, tip: { zh: '只能上传jpg/png图片，且不超过5M', en: 'jpg/png only' } };
const link = '/api/blade-resource/oss/endpoint/file/100001/20261124/a1.png';
let answered = link;
let calls: Call[];

beforeEach(() => {
  resetWebConfig();
  answered = link;
  calls = stubNetwork([
    on('POST', '/api/blade-resource/oss/endpoint/put-file', () => ({
      body: { code: 200, success: true, data: { name: 'a1.png', originalName: 'icon.png', link: answered }, msg: '操作成功' },
    })),
  ]);
});

function mount() {
  let values: Record<string, unknown> = {};
  render(
    <Providers>
      <ProForm submitter={false} grid onValuesChange={(_, all) => (values = all)}>
        <UploadField
          name="appImg"
          label="应用图标"
          disabled={false}
          required={false}
          rules={[]}
          colProps={{}}
          testId="field-appImg"
          image
          limits={limits}
        />
      </ProForm>
    </Providers>,
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  return { input, values: () => values };
}

describe('UploadField', () => {
  it('accepts only the listed extensions up to the size limit', () => {
    expect(acceptsFile({ name: 'Icon.PNG', size: 1024 }, limits)).toBe(true);
    expect(acceptsFile({ name: 'icon.gif', size: 1024 }, limits)).toBe(false);
    expect(acceptsFile({ name: 'icon', size: 1024 }, limits)).toBe(false);
    expect(acceptsFile({ name: 'big.jpg', size: 5000 * 1024 + 1 }, limits)).toBe(false);
    expect(acceptsFile({ name: 'edge.jpg', size: 5000 * 1024 }, limits)).toBe(true);
  });

  it('uploads one file to put-file and fills the address with the answer link', async () => {
    const { input, values } = mount();
    fireEvent.change(input, { target: { files: [new File(['png'], 'icon.png', { type: 'image/png' })] } });
    await waitFor(() => expect((screen.getByTestId('field-appImg') as HTMLInputElement).value).toBe(link));
    const sent = calls.filter((c) => c.url === '/api/blade-resource/oss/endpoint/put-file');
    expect(sent).toHaveLength(1);
    expect(((sent[0].data as FormData).get('file') as File).name).toBe('icon.png');
    expect(values().appImg).toBe(link);
  });

  it('keeps and shows a link to a file in object storage as answered', async () => {
    answered = `${link}?oss=1234567890123456789`;
    const { input, values } = mount();
    fireEvent.change(input, { target: { files: [new File(['png'], 'icon.png', { type: 'image/png' })] } });
    await waitFor(() => expect(values().appImg).toBe(answered));
    expect((screen.getByTestId('field-appImg') as HTMLInputElement).value).toBe(answered);
    expect(screen.getByAltText('应用图标').getAttribute('src')).toBe(answered);
  });

  it('refuses a wrong type with the tip and sends nothing', async () => {
    const { input } = mount();
    fireEvent.change(input, { target: { files: [new File(['gif'], 'icon.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('只能上传jpg/png图片，且不超过5M', { selector: '.ant-message *' })).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('put-file'))).toHaveLength(0);
    expect((screen.getByTestId('field-appImg') as HTMLInputElement).value).toBe('');
  });
});
