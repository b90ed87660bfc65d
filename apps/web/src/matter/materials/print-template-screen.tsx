import { permCode, type Resource } from '@civdesk/meta';
import { L } from '@civdesk/resources';
import { useState } from 'react';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';
import { PdfPreview } from './pdf-preview.tsx';

/** Print templates: the generic list plus "预览" per row, which shows the template filled as a PDF. */
export function PrintTemplateScreen({ resource }: { resource: Resource }) {
  const lang = useLang();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[
          {
            key: 'previewPDF',
            label: L('预览', 'Preview')[lang],
            perm: permCode(resource, 'view'),
            onClick: (row) => setOpen({ id: String(row.id), name: String(row.templateName ?? '') }),
          },
        ]}
      />
      <PdfPreview api={resource.api} id={open?.id ?? null} name={open?.name ?? ''} onClose={() => setOpen(null)} />
    </>
  );
}
