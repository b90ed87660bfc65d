import type { Resource } from '@civdesk/meta';
import { Modal } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { auditActions } from '../shared/audit.tsx';

const AUDIT = '/api/blade-user/b/userAudit';

/** Self-registered users, pending first (`userAudit/page`): pass or reject each or the selection. */
export function RegistrationAuditDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useRef<ResourcePageHandle>(null);
  const actions = useMemo(
    () =>
      auditActions({
        base: AUDIT,
        perm: 'user_audit',
        pending: (row) => String(row.auditStatus) === '0',
        reload: () => list.current?.reload(),
      }),
    [],
  );
  return (
    <Modal open width="85%" footer={null} title={t('sys.audit.registration')} onCancel={onClose} destroyOnHidden>
      <ResourcePage
        resource={resource}
        handle={list}
        testId="registration-audit"
        title={t('sys.audit.registration')}
        endpoints={{ page: `${AUDIT}/page` }}
        can={{ view: false, add: false, edit: false, delete: false }}
        {...actions}
      />
    </Modal>
  );
}
