import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Space, Table, Tooltip } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { sendLogs } from '../../api/shell.ts';
import { toastSuccess } from '../../api/toast.ts';
import { BADGE_MAX, clearLogs, getLogs, onLogsChange } from '../error-log.ts';

/** The local error log: badge (at most 99), list, upload, clear. */
export function LogViewer() {
  const { t } = useTranslation();
  const logs = useSyncExternalStore(onLogsChange, getLogs);
  const [open, setOpen] = useState(false);

  const upload = () =>
    Modal.confirm({
      title: t('shell.confirmTitle'),
      content: t('shell.logs.uploadConfirm'),
      okText: t('shell.ok'),
      cancelText: t('shell.cancel'),
      okButtonProps: { 'data-testid': 'confirm-upload-logs' } as Record<string, string>,
      onOk: async () => {
        await sendLogs(logs);
        clearLogs();
        toastSuccess(t('shell.logs.sent'));
      },
    });
  const clear = () =>
    Modal.confirm({
      title: t('shell.confirmTitle'),
      content: t('shell.logs.clearConfirm'),
      okText: t('shell.ok'),
      cancelText: t('shell.cancel'),
      okButtonProps: { 'data-testid': 'confirm-clear-logs' } as Record<string, string>,
      onOk: () => {
        clearLogs();
        toastSuccess(t('shell.logs.cleared'));
      },
    });

  return (
    <>
      <Tooltip title={t('shell.logs.button')}>
        <Badge count={logs.length} overflowCount={BADGE_MAX} size="small" data-testid="logs-badge">
          <Button
            type="text"
            icon={<BugOutlined />}
            onClick={() => setOpen(true)}
            data-testid="btn-logs"
            aria-label={t('shell.logs.button')}
          />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('shell.logs.title')}
        width="70%"
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button type="primary" disabled={!logs.length} onClick={upload} data-testid="logs-upload">
              {t('shell.logs.upload')}
            </Button>
            <Button danger disabled={!logs.length} onClick={clear} data-testid="logs-clear">
              {t('shell.logs.clear')}
            </Button>
          </Space>
        }
        data-testid="logs-dialog"
      >
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          dataSource={logs}
          pagination={false}
          scroll={{ y: 400 }}
          locale={{ emptyText: t('shell.logs.empty') }}
          columns={[
            { title: t('shell.logs.type'), dataIndex: 'type', width: 90 },
            { title: t('shell.logs.url'), dataIndex: 'url', width: 200, ellipsis: true },
            { title: t('shell.logs.message'), dataIndex: 'message', ellipsis: true },
            { title: t('shell.logs.stack'), dataIndex: 'stack', ellipsis: true },
            { title: t('shell.logs.time'), dataIndex: 'time', width: 170 },
          ]}
        />
      </Modal>
    </>
  );
}
