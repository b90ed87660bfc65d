import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from './colours.ts';
import { FlowViewer } from './flow-viewer.tsx';

/** The flow chart in a dialog titled 流程图展示 (spec 000 §2). */
export function FlowDialog({ open, xml, history, onClose }: { open: boolean; xml: string; history?: HistoryEntry[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('shell.flow.title')} width="70%" footer={null} onCancel={onClose} destroyOnHidden data-testid="flow-dialog">
      <FlowViewer xml={xml} history={history} />
    </Modal>
  );
}
