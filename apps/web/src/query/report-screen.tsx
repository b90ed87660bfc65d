import { permCode, type Resource } from '@civdesk/meta';
import { L } from '@civdesk/resources';
import { Alert, Button, Empty, Form, Input, Modal, Space, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ResourcePage } from '../crud/resource-page.tsx';
import { useLang } from '../i18n/index.ts';
import { type ReportRun, resultColumns, runReport } from './api.ts';
import { numericColumns } from './chart-option.ts';
import { ResultTable } from './result-table.tsx';

// ECharts loads only when a report is opened: a chunk of its own, not part of the list.
const ReportChart = lazy(() => import('./report-chart.tsx'));

/** One report: its statement's parameters as a form, its answer as a chart and a table. */
function ReportView({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const lang = useLang();
  const [form] = Form.useForm();
  const [run, setRun] = useState<ReportRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [params, setParams] = useState<string[]>([]);

  async function load(values: Record<string, unknown> = {}) {
    setLoading(true);
    setError(null);
    try {
      const r = await runReport(id, values);
      setRun(r);
      setParams(r.params);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per report opened
  useEffect(() => {
    void load();
  }, [id]);

  return (
    <Modal open title={name} width="70%" footer={null} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="report-view">
        {params.length > 0 && (
          <Form form={form} layout="inline" onFinish={(v) => void load(v)}>
            {params.map((p) => (
              <Form.Item key={p} name={p} label={p}>
                <Input allowClear />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={loading} data-testid="report-search">
              {L('查询', 'Search')[lang]}
            </Button>
          </Form>
        )}
        {error && <Alert type="error" showIcon message={error} />}
        {loading && !run && <Spin />}
        {run && numericColumns(run).length > 0 && (
          <Suspense fallback={<Spin />}>
            <ReportChart run={run} />
          </Suspense>
        )}
        {run && run.rows.length === 0 && <Empty description={L('暂无数据', 'No data')[lang]} />}
        {run && run.rows.length > 0 && <ResultTable testId="report-table" columns={resultColumns([], run.columns)} rows={run.rows} />}
      </Space>
    </Modal>
  );
}

/** Report templates: the generic list plus "查看报表" per row. */
export function ReportTemplateScreen({ resource }: { resource: Resource }) {
  const lang = useLang();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[
          {
            key: 'run',
            label: L('查看报表', 'View report')[lang],
            perm: permCode(resource, 'run'),
            onClick: (row) => setOpen({ id: String(row.id), name: String(row.templateName ?? '') }),
          },
        ]}
      />
      {open && <ReportView id={open.id} name={open.name} onClose={() => setOpen(null)} />}
    </>
  );
}
