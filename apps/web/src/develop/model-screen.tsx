import type { Resource } from '@civdesk/meta';
import { useState } from 'react';
import { ResourcePage } from '../crud/resource-page.tsx';
import { useL } from '../matter/forms/texts.ts';
import { FieldConfigDialog } from './field-config-dialog.tsx';

/** Code models with their field configuration (字段配置) per row. */
export function ModelScreen({ resource }: { resource: Resource }) {
  const L = useL();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[
          {
            key: 'fields',
            label: L('字段配置', 'Fields'),
            perm: `${resource.name}_edit`,
            onClick: (row) => setOpen({ id: String(row.id), name: String(row.modelName ?? '') }),
          },
        ]}
      />
      <FieldConfigDialog modelId={open?.id ?? null} title={open?.name} onClose={() => setOpen(null)} />
    </>
  );
}
