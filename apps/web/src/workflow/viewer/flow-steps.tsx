import '../../i18n/workflow-texts.ts';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BladeFlow } from '../api.ts';
import { listedSteps } from './colours.ts';

/** The steps of an instance as a list (who, when, opinion, duration): the diagram's text alternative. */
export function FlowSteps({ history }: { history: BladeFlow[] }) {
  const { t } = useTranslation();
  const steps = listedSteps(history);
  if (!steps.length) return <Empty description={t('wf.flow.stepsEmpty')} />;
  return (
    <section aria-label={t('wf.flow.steps')} data-testid="flow-steps">
      <Typography.Title level={5}>{t('wf.flow.steps')}</Typography.Title>
      <Timeline
        items={steps.map((s, i) => ({
          key: `${s.historyActivityId}-${i}`,
          color: s.endTime ? 'green' : 'blue',
          children: (
            <div data-testid="flow-step" data-activity={s.historyActivityId}>
              <Typography.Text strong>{s.historyActivityName || s.historyActivityId}</Typography.Text>{' '}
              {!s.endTime && <Tag color="processing">{t('wf.flow.running')}</Tag>}
              {s.flag === 'return' && <Tag color="warning">{t('wf.flow.returned')}</Tag>}
              {s.flag === 'reject' && <Tag color="error">{t('wf.flow.rejected')}</Tag>}
              <dl className="flow-step-facts">
                {s.assigneeName && <Fact term={t('wf.flow.who')} value={s.assigneeName} />}
                <Fact term={t('wf.flow.when')} value={s.endTime ?? s.createTime ?? ''} />
                {s.comment && <Fact term={t('wf.flow.opinion')} value={s.comment} />}
                {s.historyActivityDurationTime && <Fact term={t('wf.flow.duration')} value={s.historyActivityDurationTime} />}
              </dl>
            </div>
          ),
        }))}
      />
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
