import { useQuery } from '@tanstack/react-query';
import { Badge, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { useL } from '../../matter/forms/texts.ts';
import { fetchCounts, type ListTab } from '../api.ts';

const tabs: { key: ListTab; zh: string; en: string }[] = [
  { key: 'todo', zh: '待办事项', en: 'To do' },
  { key: 'audit', zh: '挂起审核', en: 'Suspensions to audit' },
  { key: 'done', zh: '已办事项', en: 'Done' },
  { key: 'finish', zh: '办结事项', en: 'Finished' },
];

/**
 * The three lists as tabs, the todo and finished counts as badges. On the todo screen
 * (`onAudit`), the suspension requests awaiting the caller's audit are a fourth tab of that
 * screen, shown while there are any (or while it is open): most workers never audit one.
 */
export function ListTabs({ active, onAudit }: { active: ListTab; onAudit?: (open: boolean) => void }) {
  const L = useL();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['approve', 'counts'], queryFn: fetchCounts, retry: false });
  // The done list has no count call: its tab carries no badge.
  const count = (k: ListTab) => (k === 'todo' ? data?.todo : k === 'finish' ? data?.finish : k === 'audit' ? data?.audit : undefined);
  const shown = tabs.filter((tab) => tab.key !== 'audit' || (onAudit && (active === 'audit' || Boolean(data?.audit))));
  const pick = (key: string) => {
    if (onAudit && (key === 'audit' || key === 'todo')) return onAudit(key === 'audit');
    navigate(`/matters/${key}`);
  };
  return (
    <Menu
      mode="horizontal"
      selectedKeys={[active]}
      onClick={({ key }) => pick(key)}
      items={shown.map((tab) => ({
        key: tab.key,
        label: (
          <span data-testid={`approve-tab-${tab.key}`}>
            {L(tab.zh, tab.en)}{' '}
            {count(tab.key) !== undefined && (
              <Badge
                count={count(tab.key)}
                showZero
                overflowCount={999}
                size="small"
                color={tab.key === 'finish' ? '#8c8c8c' : undefined}
                data-testid={`approve-count-${tab.key}`}
              />
            )}
            {tab.key === 'todo' && Boolean(data?.overdue) && (
              <Badge count={L(`超期 ${data?.overdue}`, `${data?.overdue} overdue`)} size="small" data-testid="approve-count-overdue" />
            )}
          </span>
        ),
      }))}
    />
  );
}
