import { permCode } from '@civdesk/meta';
import { matWfElementButton, matWfElementElectronicSign, matWfElementPermission } from '@civdesk/resources';
import { useRef, useState } from 'react';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { LibraryPickerDialog } from './library-picker-dialog.tsx';
import { texts, useText } from './text.ts';

/** A step's buttons: the generic list narrowed to the step, plus adding buttons from the library. */
export function StepButtonsPanel({ elementId }: { elementId: string }) {
  const tx = useText();
  const list = useRef<ResourcePageHandle>(null);
  const [picking, setPicking] = useState(false);
  return (
    <>
      <ResourcePage
        resource={matWfElementButton}
        handle={list}
        title={tx(matWfElementButton.label)}
        fixedQuery={{ elementId_equal: elementId }}
        defaults={{ elementId }}
        testId={`step-buttons-${elementId}`}
        toolbarActions={[
          {
            key: 'from-library',
            label: tx(texts.addFromLibrary),
            perm: permCode(matWfElementButton, 'add'),
            onClick: () => setPicking(true),
          },
        ]}
      />
      {picking && <LibraryPickerDialog elementId={elementId} onClose={() => setPicking(false)} onDone={() => list.current?.reload()} />}
    </>
  );
}

/** A step's signing elements (the server keeps their signing buttons to this step's buttons). */
export function StepSigningPanel({ elementId }: { elementId: string }) {
  const tx = useText();
  return (
    <ResourcePage
      resource={matWfElementElectronicSign}
      title={tx(matWfElementElectronicSign.label)}
      fixedQuery={{ elementId_equal: elementId }}
      defaults={{ elementId }}
      testId={`step-signing-${elementId}`}
    />
  );
}

/** A step's field rights (hidden / read-only / editable / required per form field). */
export function StepPermissionsPanel({ elementId }: { elementId: string }) {
  const tx = useText();
  return (
    <ResourcePage
      resource={matWfElementPermission}
      title={tx(matWfElementPermission.label)}
      fixedQuery={{ elementId_equal: elementId }}
      defaults={{ elementId }}
      testId={`step-rights-${elementId}`}
    />
  );
}
