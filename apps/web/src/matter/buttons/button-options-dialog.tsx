import { matWfLocalButOpts } from '@civdesk/resources';
import { Modal } from 'antd';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { texts, useText } from './text.ts';

/** One library button's stock opinions: the generic list, narrowed to the button and adding under it. */
export function ButtonOptionsDialog({ button, onClose }: { button: { id: string; name: string }; onClose: () => void }) {
  const tx = useText();
  return (
    <Modal
      open
      width="80%"
      footer={null}
      title={`${tx(texts.optionsOf)}${button.name}`}
      onCancel={onClose}
      maskClosable={false}
      wrapProps={{ 'data-testid': 'button-options-dialog' }}
      destroyOnHidden
    >
      <ResourcePage
        resource={matWfLocalButOpts}
        title={tx(matWfLocalButOpts.label)}
        fixedQuery={{ localButtonId_equal: button.id }}
        defaults={{ localButtonId: button.id }}
        testId="button-options"
      />
    </Modal>
  );
}
