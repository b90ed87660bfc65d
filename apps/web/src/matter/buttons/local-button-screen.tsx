import { permCode, type Resource } from '@civdesk/meta';
import { matWfLocalButOpts } from '@civdesk/resources';
import { useState } from 'react';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { ButtonOptionsDialog } from './button-options-dialog.tsx';
import { texts, useText } from './text.ts';

/** The button library: the generic list (tabs chosen in the form), each button's stock opinions from its row. */
export function LocalButtonScreen({ resource }: { resource: Resource }) {
  const tx = useText();
  const [button, setButton] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[
          {
            key: 'options',
            label: tx(texts.options),
            perm: permCode(matWfLocalButOpts, 'view'),
            onClick: (row) => setButton({ id: row.id, name: String(row.localButtonName ?? '') }),
          },
        ]}
      />
      {button && <ButtonOptionsDialog button={button} onClose={() => setButton(null)} />}
    </>
  );
}
