import '../../i18n/workflow-texts.ts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type WorkCounts, workCounts } from '../api.ts';

export type WorkTab = 'start' | 'claim' | 'todo' | 'send' | 'done';
const tabs: WorkTab[] = ['start', 'claim', 'todo', 'send', 'done'];

/** The five lists of 我的事务 as tabs (a horizontal menu, which the shell has loaded already), each list's count (work/counts) as its badge. */
export function WorkTabs({ active }: { active: WorkTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['wf', 'counts'], queryFn: workCounts, retry: false });
  const count = (k: WorkTab) => (k === 'start' ? 0 : (data?.[k as keyof WorkCounts] ?? 0));
  return (
    <Menu
      mode="horizontal"
      selectedKeys={[active]}
      onClick={({ key }) => navigate(`/work/${key}`)}
      className="work-tabs"
      items={tabs.map((k) => ({
        key: k,
        label: (
          <span data-testid={`work-tab-${k}`}>
            {t(`wf.work.${k}`)}{' '}
            <Badge
              count={count(k)}
              overflowCount={99}
              size="small"
              color={k === 'claim' || k === 'todo' ? undefined : '#8c8c8c'}
              data-testid={`work-count-${k}`}
            />
          </span>
        ),
      }))}
    />
  );
}
