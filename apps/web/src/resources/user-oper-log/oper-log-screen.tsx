import type { Resource } from '@civdesk/meta';
import { useMemo, useRef } from 'react';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { auditActions } from '../shared/audit.tsx';

/** The user-operation audit: the audit administrator passes or rejects pending entries (auditStatus 0). */
export function OperLogScreen({ resource }: { resource: Resource }) {
  const list = useRef<ResourcePageHandle>(null);
  const actions = useMemo(
    () =>
      auditActions({
        base: resource.api,
        perm: 'user-oper-log_audit',
        pending: (row) => Number(row.auditStatus) === 0,
        reload: () => list.current?.reload(),
      }),
    [resource],
  );
  return <ResourcePage resource={resource} handle={list} {...actions} />;
}
