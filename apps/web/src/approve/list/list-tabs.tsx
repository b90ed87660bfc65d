import { useQuery } from '@tanstack/react-query';
import { Badge, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { useL } from '../../matter/forms/texts.ts';
import { fetchCounts, type ListKind } from '../api.ts';

const tabs: { key: ListKind; zh: string; en: string }[] = [
  { key: 'todo', zh: '待办事项', en: 'To do' },
  { key: 'done', zh: '已办事项', en: 'Done' },
  { key: 'finish', zh: '办结事项', en: 'Finished' },
];

/** The three lists as tabs, the todo and finished counts as badges. */
export function ListTabs({ active }: { active: ListKind }) {
  const L = useL();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['approve', 'counts'], queryFn: fetchCounts, retry: false });
  // The done list has no count call: its tab carries no badge.
  const count = (k: ListKind) => (k === 'todo' ? data?.todo : k === 'finish' ? data?.finish : undefined);
  return (
    <Menu
      mode="horizontal"
      selectedKeys={[active]}
      onClick={({ key }) => navigate(`/matters/${key}`)}
      items={tabs.map((tab) => ({
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
                color={tab.key === 'todo' ? undefined : '#8c8c8c'}
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
