import { Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: ReactNode;
  /** The dialog's test id; its confirm button is always `dialog-submit`. */
  testId: string;
  width?: number;
  /** Shows a spinner instead of the content, and confirm waits, until the dialog's data is there. */
  loading?: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** The dialog of a special screen's own action (grant, settings, bindings): confirm and cancel. */
export function ActionDialog({ title, testId, width, loading = false, onOk, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      onOk={onOk}
      okText={t('sys.common.confirm')}
      cancelText={t('sys.common.cancel')}
      okButtonProps={{ 'data-testid': 'dialog-submit', disabled: loading }}
      wrapProps={{ 'data-testid': testId }}
      destroyOnHidden
    >
      {loading ? <Spin /> : children}
    </Modal>
  );
}
