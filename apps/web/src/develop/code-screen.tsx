import type { Resource } from '@civdesk/meta';
import { useRef, useState } from 'react';
import { toastSuccess } from '../api/toast.ts';
import { ResourcePage, type ResourcePageHandle } from '../crud/resource-page.tsx';
import { useL } from '../matter/forms/texts.ts';
import { copyCode, type Generated, generateCode } from './api.ts';
import { PreviewDialog } from './preview-dialog.tsx';
import { saveFile, zipOf } from './zip.ts';

/**
 * Code generators: 预览 shows one generator's files highlighted, 生成代码 downloads the chosen
 * ones' files as a zip, 复制 copies a generator. The server only answers the text.
 */
export function CodeScreen({ resource }: { resource: Resource }) {
  const L = useL();
  const page = useRef<ResourcePageHandle>(null);
  const [preview, setPreview] = useState<Generated | null>(null);
  const run = async (ids: string[], then: (g: Generated[]) => void) => {
    try {
      then(await generateCode(ids));
    } catch {
      // the request layer shows why (no fields, wrong prefix…)
    }
  };
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={page}
        toolbarActions={[
          {
            key: 'gen',
            label: L('生成代码', 'Generate'),
            perm: `${resource.name}_gen`,
            needsSelection: true,
            onClick: (ids) => void run(ids, (g) => saveFile(zipOf(g), g.length === 1 ? `${g[0].name}.zip` : 'generated-code.zip')),
          },
        ]}
        rowActions={[
          {
            key: 'preview',
            label: L('预览', 'Preview'),
            perm: `${resource.name}_gen`,
            onClick: (row) => void run([String(row.id)], (g) => setPreview(g[0] ?? null)),
          },
          {
            key: 'copy',
            label: L('复制', 'Copy'),
            perm: `${resource.name}_copy`,
            onClick: (row) =>
              void copyCode(String(row.id)).then(
                () => {
                  toastSuccess(L('复制成功', 'Copied'));
                  page.current?.reload();
                },
                () => undefined,
              ),
          },
        ]}
      />
      <PreviewDialog generated={preview} onClose={() => setPreview(null)} />
    </>
  );
}
