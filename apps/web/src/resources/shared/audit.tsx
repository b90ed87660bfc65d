import { Input, Modal, message } from 'antd';
import { postData } from '../../api/request.ts';
import type { ToolbarAction } from '../../crud/resource-page.tsx';
import type { ExtraRowAction } from '../../crud/row-actions.tsx';
import { i18n } from '../../i18n/index.ts';

type Decision = 'pass' | 'reject';

/**
 * Asks for the note of an audit decision (required when rejecting) and posts `ids` and
 * `auditReason` to the pass or reject call.
 */
export function decide(decision: Decision, url: string, ids: string[], after: () => void) {
  let reason = '';
  const t = (k: string) => i18n.t(k);
  Modal.confirm({
    title: t(decision === 'pass' ? 'sys.audit.passTitle' : 'sys.audit.rejectTitle'),
    icon: null,
    content: (
      <Input.TextArea
        data-testid="audit-reason"
        maxLength={255}
        placeholder={t('sys.audit.reason')}
        autoSize={{ minRows: 3 }}
        onChange={(e) => {
          reason = e.target.value;
        }}
      />
    ),
    okText: t('sys.common.confirm'),
    cancelText: t('sys.common.cancel'),
    okButtonProps: { 'data-testid': 'confirm-ok' },
    onOk: async () => {
      if (decision === 'reject' && !reason.trim()) {
        message.warning(t('sys.audit.reasonRequired'));
        throw new Error('reason required'); // keeps the dialog open
      }
      try {
        await postData(url, null, { params: { ids: ids.join(','), auditReason: reason.trim() } });
      } catch {
        return;
      }
      message.success(t('sys.common.done'));
      after();
    },
  });
}

/** Pass/reject as row actions (pending rows only) and as toolbar actions over the selection. */
export function auditActions(opts: {
  base: string;
  perm: string;
  pending: (row: Record<string, unknown>) => boolean;
  reload: () => void;
}): { rowActions: ExtraRowAction[]; toolbarActions: ToolbarAction[] } {
  const t = (k: string) => i18n.t(k);
  const url = (d: Decision) => `${opts.base}/${d === 'pass' ? 'auditPass' : 'auditReject'}`;
  const both: Decision[] = ['pass', 'reject'];
  return {
    rowActions: both.map((d) => ({
      key: `audit-${d}`,
      label: t(`sys.audit.${d}`),
      perm: opts.perm,
      danger: d === 'reject',
      hidden: (row) => !opts.pending(row),
      onClick: (row) => decide(d, url(d), [row.id], opts.reload),
    })),
    toolbarActions: both.map((d) => ({
      key: `audit-${d}`,
      label: t(`sys.audit.${d}`),
      perm: opts.perm,
      needsSelection: true,
      onClick: (ids) => decide(d, url(d), ids, opts.reload),
    })),
  };
}
