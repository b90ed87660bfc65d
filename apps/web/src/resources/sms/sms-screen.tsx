import { permCode, type Resource } from '@civdesk/meta';
import { smsRecord } from '@civdesk/resources';
import { Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';
import { enableAction } from '../shared/enable.ts';
import { SmsSendDialog } from './send-dialog.tsx';

/** What the SMS settings have sent (`sms-record`): the local provider's messages are only these rows. */
function SmsRecordsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Modal
      open
      width="85%"
      footer={null}
      title={t('sys.sms.records')}
      onCancel={onClose}
      wrapProps={{ 'data-testid': 'sms-records-dialog' }}
      destroyOnHidden
    >
      <ResourcePage resource={smsRecord} title={smsRecord.label[lang]} testId="sms-records" />
    </Modal>
  );
}

/**
 * SMS settings: the generic list plus "启用" (one enabled per tenant) and "发送测试"
 * per row, and the sent messages (`sms-record`) from the toolbar.
 */
export function SmsScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const list = useRef<ResourcePageHandle>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [records, setRecords] = useState(false);
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={list}
        toolbarActions={[
          { key: 'sms-records', label: t('sys.sms.records'), perm: permCode(smsRecord, 'view'), onClick: () => setRecords(true) },
        ]}
        rowActions={[
          enableAction(
            resource,
            t('sys.sms.enable'),
            (row) => t('sys.sms.enableConfirm', { code: row.smsCode }),
            () => list.current?.reload(),
          ),
          { key: 'send', label: t('sys.sms.send'), perm: permCode(resource, 'send'), onClick: (row) => setSending(String(row.smsCode)) },
        ]}
      />
      {sending !== null && <SmsSendDialog api={resource.api} code={sending} onClose={() => setSending(null)} />}
      {records && <SmsRecordsDialog onClose={() => setRecords(false)} />}
    </>
  );
}
