import { Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useL } from '../../matter/forms/texts.ts';
import { usePaged } from '../../workflow/shared/use-paged.ts';
import { type ApplyRow, fetchAuditList } from '../api.ts';
import { detailPath } from '../paths.ts';
import { maskIdCard, WarnTag } from '../warn-state.tsx';
import { ListTabs } from './list-tabs.tsx';
import { pagedTableProps } from './paged-table.ts';
import { SearchBar } from './search-bar.tsx';

/**
 * 挂起审核: the suspension requests awaiting the caller's audit (a step's leader role), oldest
 * first. 审核 opens the application's read-only page, where the request is approved or rejected.
 */
export function SuspendAuditList({ onAudit }: { onAudit: (open: boolean) => void }) {
  const L = useL();
  const navigate = useNavigate();
  const paged = usePaged('approve-audit', fetchAuditList);
  const columns: ColumnsType<ApplyRow> = [
    { title: L('状态', 'State'), dataIndex: 'warnState', width: 80, render: (v) => <WarnTag value={v} /> },
    { title: L('申请人', 'Applicant'), dataIndex: 'applicantName' },
    { title: L('事项名称', 'Matter'), dataIndex: 'itemName' },
    { title: L('挂起环节', 'Step'), dataIndex: 'activityName' },
    { title: L('挂起理由', 'Reason'), dataIndex: 'suspendReason' },
    { title: L('申请挂起人', 'Requested by'), dataIndex: 'requestedByName' },
    { title: L('申请挂起时间', 'Requested'), dataIndex: 'requestTime' },
    { title: L('身份证号', 'ID card'), dataIndex: 'applicantIdCard', render: (v: string | null) => maskIdCard(v) },
    {
      title: L('操作', 'Actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(detailPath(r, 'done'))} data-testid="approve-audit-open">
          {L('审核', 'Audit')}
        </Button>
      ),
    },
  ];
  return (
    <Card data-testid="approve-audit">
      <ListTabs active="audit" onAudit={onAudit} />
      <SearchBar onSearch={paged.search} />
      <Table<ApplyRow> {...pagedTableProps(paged, L)} rowKey={(r) => r.suspendId ?? r.applyId} columns={columns} />
    </Card>
  );
}
