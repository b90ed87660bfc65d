import { permCode, type Resource } from '@civdesk/meta';
import { Modal } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { Row } from '../../crud/crud-api.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useL } from './lang.ts';

const StepEditor = lazy(() => import('./step-editor.tsx').then((m) => ({ default: m.StepEditor })));

/**
 * 流程版本: the versions of the matters (search by item for one matter's versions), each opening the
 * step editor on its diagram.
 */
export function MatWfVersionScreen({ resource }: { resource: Resource }) {
  const L = useL();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[{ key: 'design', label: L('环节配置', 'Steps'), perm: permCode(resource, 'design'), onClick: setOpen }]}
      />
      {open && (
        <Modal
          open
          width="92%"
          footer={null}
          destroyOnHidden
          title={`${L('环节配置', 'Step configuration')} ${String(open.versionCode ?? '')}`}
          onCancel={() => setOpen(null)}
        >
          <Suspense fallback={null}>
            <StepEditor versionId={String(open.id)} itemId={String(open.itemId ?? '')} />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
