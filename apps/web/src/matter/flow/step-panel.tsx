import { matWfElement, matWfElementGatewayCondition, matWfElementTransactor } from '@civdesk/resources';
import { Alert, Button, Empty, Space, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';
import type { VersionGateway, VersionStep } from './api.ts';
import { useL } from './lang.ts';
import { stepTabs } from './step-tabs.ts';

const ResourceForm = lazy(() => import('../../crud/resource-form.tsx').then((m) => ({ default: m.ResourceForm })));

const PARTS: Record<string, [string, string]> = {
  basicForm: ['PC管理端表单', 'PC admin form'],
  handleFromSetting: ['办理窗口页面配置', 'Handling window pages'],
  timeLimitWarning: ['预警时限', 'Warning limit'],
  timeLimitUserTask: ['环节时限', 'Step limit'],
  transactor: ['办理人', 'Transactors'],
};

type Props = {
  versionId: string;
  itemId: string;
  step: VersionStep;
  /** Gateways whose flows leave this step's path (their conditions are configured on the step). */
  gateways: VersionGateway[];
  onChanged: () => void;
};

/**
 * The side panel of one step: its configuration (forms, people, time limits, suspension) in the
 * step form, its transactors, the conditions of the gateways after it, then the tabs other parts
 * register (step-tabs.ts).
 */
export function StepPanel({ versionId, itemId, step, gateways, onChanged }: Props) {
  const L = useL();
  const lang = useLang();
  const [editing, setEditing] = useState(false);
  const elementId = step.elementId;
  const needConfig = <Empty description={L('请先保存环节配置', 'Save the step configuration first')} />;
  const missing = step.missing.map((m) => L(...(PARTS[m] ?? [m, m])));
  const extra = stepTabs().map((tab) => ({
    key: tab.key,
    label: tab.label[lang],
    children: tab.render({ versionId, itemId, step, elementId }),
  }));
  return (
    <div data-testid="step-panel" data-step={step.userTaskId}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {step.name}
        </Typography.Title>
        {step.configured ? (
          <Tag color="green">{L('已配置', 'Configured')}</Tag>
        ) : (
          <Tag color="orange" data-testid="step-missing">
            {elementId ? L('待完善', 'Incomplete') : L('未配置', 'Not configured')}
          </Tag>
        )}
      </Space>
      <Tabs
        items={[
          {
            key: 'config',
            label: L('环节配置', 'Step'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                {missing.length > 0 && <Alert type="warning" showIcon message={`${L('尚缺', 'Missing')}: ${missing.join('、')}`} />}
                {step.transactorNames && (
                  <div>
                    {L('办理人', 'Transactors')}: {step.transactorNames}
                  </div>
                )}
                <Button type="primary" data-testid="step-edit" onClick={() => setEditing(true)}>
                  {elementId ? L('编辑配置', 'Edit configuration') : L('新增配置', 'Configure')}
                </Button>
              </Space>
            ),
          },
          {
            key: 'transactors',
            label: L('办理人', 'Transactors'),
            children: elementId ? (
              <ResourcePage
                resource={matWfElementTransactor}
                fixedQuery={{ elementId_equal: elementId }}
                defaults={{ elementId }}
                onSaved={onChanged}
                testId="step-transactors"
              />
            ) : (
              needConfig
            ),
          },
          {
            key: 'gateways',
            label: L('网关条件', 'Gateway conditions'),
            children: elementId ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                {gateways.flatMap((g) =>
                  g.flows.map((f) => (
                    <div key={f.id}>
                      <Tag>{f.id}</Tag> {g.name} → {f.targetName ?? f.target}
                      {g.defaultFlow === f.id ? ` (${L('默认', 'default')})` : ''}: {f.condition ?? f.modelCondition ?? '-'}
                    </div>
                  )),
                )}
                <ResourcePage
                  resource={matWfElementGatewayCondition}
                  fixedQuery={{ elementId_equal: elementId }}
                  defaults={{ elementId }}
                  onSaved={onChanged}
                  testId="step-conditions"
                />
              </Space>
            ) : (
              needConfig
            ),
          },
          ...extra,
        ]}
      />
      {editing && (
        <Suspense fallback={null}>
          <ResourceForm
            resource={matWfElement}
            mode={elementId ? 'update' : 'create'}
            id={elementId ?? undefined}
            defaults={{ versionId, userTaskId: step.userTaskId }}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              onChanged();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
