import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetWebConfig } from '../api/request.ts';
import { Providers } from '../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../test/http-stub.ts';
import type { FieldRow, Generated } from './api.ts';
import { FieldConfigDialog } from './field-config-dialog.tsx';
import { PreviewDialog } from './preview-dialog.tsx';
import { zipOf } from './zip.ts';

const row = (jdbcName: string, propertyName: string, comment: string): FieldRow => ({
  modelId: '7',
  jdbcName,
  jdbcType: 'varchar(32)',
  propertyName,
  propertyType: 'String',
  comment,
  isList: 1,
  isForm: 1,
  isRow: 0,
  isRequired: 0,
  componentType: 'input',
  dictCode: null,
  isQuery: 0,
  queryType: 'like',
  sort: 1,
});

const generated: Generated = {
  id: '1',
  codeName: '岗位管理',
  name: 'post',
  files: [
    {
      path: 'packages/resources/src/system/post.resource.ts',
      content: "export const post = defineResource({ name: 'post' });\n",
      language: 'typescript',
    },
    { path: 'post-README.md', content: '# 岗位管理\n', language: 'markdown' },
  ],
};

let calls: Call[];
beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([
    on('GET', '/api/blade-develop/model-prototype/select', ok([])),
    on(
      'GET',
      '/api/blade-develop/model/model-prototype',
      ok([row('post_code', 'postCode', 'post_code'), row('post_name', 'postName', '岗位名称')]),
    ),
    on('POST', '/api/blade-develop/model-prototype/submit-list', ok(true)),
  ]);
});

describe('code generation screens', () => {
  it('starts the field table from the model table and saves the edited rows as one list', async () => {
    let closed = false;
    render(
      <Providers>
        <FieldConfigDialog modelId="7" onClose={() => (closed = true)} />
      </Providers>,
    );
    const label = (await screen.findByTestId('comment-post_code')) as HTMLInputElement;
    fireEvent.change(label, { target: { value: '岗位编号' } });
    fireEvent.click(screen.getByTestId('isQuery-post_code'));
    fireEvent.click(screen.getByTestId('fields-save'));
    await waitFor(() => expect(closed).toBe(true));
    const saved = calls.find((c) => c.url.endsWith('/submit-list'));
    const body = JSON.parse(String(saved?.data)) as FieldRow[];
    expect(body.map((r) => [r.jdbcName, r.comment, r.isQuery, r.sort])).toEqual([
      ['post_code', '岗位编号', 1, 1],
      ['post_name', '岗位名称', 0, 2],
    ]);
  });

  it('previews the generated TypeScript highlighted and zips every file under its path', async () => {
    render(
      <Providers>
        <PreviewDialog generated={generated} onClose={() => {}} />
      </Providers>,
    );
    await waitFor(() => expect(document.querySelector('[data-testid="code-preview"] .hljs-keyword')?.textContent).toBe('export'));
    const files = unzipSync(zipOf([generated]));
    expect(Object.keys(files)).toEqual(generated.files.map((f) => f.path));
    expect(strFromU8(files['post-README.md'])).toBe('# 岗位管理\n');
  });
});
