import { L } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Select, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RequestError } from '../api/request.ts';
import { useLang } from '../i18n/index.ts';
import { listQueries, type QueryPage, queryDetail, resultColumns, runQueryPage } from './api.ts';
import { ConditionField } from './condition-field.tsx';
import { ResultTable } from './result-table.tsx';

/**
 * Runs a custom query: pick it (or open it with `?id=`), fill its conditions (the search form), see
 * its answer page by page. The server binds every value; this page only collects them.
 */
export function QueryRunPage() {
  const lang = useLang();
  const [search, setSearch] = useSearchParams();
  const id = search.get('id') ?? '';
  const [form] = Form.useForm();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [result, setResult] = useState<QueryPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const queries = useQuery({ queryKey: ['query-run', 'list'], queryFn: listQueries });
  const detail = useQuery({ queryKey: ['query-run', 'detail', id], queryFn: () => queryDetail(id), enabled: id !== '' });

  async function run(current: number, size: number) {
    const values = await form.validateFields();
    setRunning(true);
    setError(null);
    try {
      setResult(await runQueryPage(id, values, current, size));
      setPaging({ current, size });
    } catch (e) {
      // The server's refusal (a bad condition, a statement refused) is shown beside the form too.
      setError(e instanceof RequestError || e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  }

  const conditions = detail.data?.conditions ?? [];
  const defaults = Object.fromEntries(conditions.filter((c) => c.defaultValue).map((c) => [c.paramName, c.defaultValue]));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="query-run">
      <Card size="small">
        <Space wrap>
          <span>{L('查询', 'Query')[lang]}</span>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 280 }}
            data-testid="query-pick"
            placeholder={L('请选择查询', 'Choose a query')[lang]}
            loading={queries.isLoading}
            value={id || undefined}
            options={(queries.data ?? []).map((q) => ({ label: q.customName, value: String(q.id) }))}
            onChange={(v) => {
              // A newly chosen query starts with no answer (its form remounts with its defaults).
              setResult(null);
              setError(null);
              setSearch(v ? { id: v } : {});
            }}
          />
        </Space>
      </Card>
      {id === '' ? (
        <Empty description={L('请选择要执行的查询', 'Choose a query to run')[lang]} />
      ) : (
        <>
          <Card size="small">
            <Form
              key={detail.data?.id ?? ''}
              form={form}
              initialValues={defaults}
              layout="inline"
              data-testid="query-conditions"
              onFinish={() => run(1, paging.size)}
            >
              {conditions.map((c) => (
                <Form.Item
                  key={c.id}
                  name={c.paramName}
                  label={c.conditionName}
                  rules={
                    Number(c.isRequired) === 1 ? [{ required: true, message: `${L('请输入', 'Enter ')[lang]}${c.conditionName}` }] : []
                  }
                >
                  <ConditionField c={c} placeholder={c.conditionName} />
                </Form.Item>
              ))}
              <Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" loading={running} data-testid="query-submit">
                    {L('查询', 'Search')[lang]}
                  </Button>
                  <Button onClick={() => form.resetFields()}>{L('重置', 'Reset')[lang]}</Button>
                </Space>
              </Form.Item>
            </Form>
          </Card>
          {error && <Alert type="error" showIcon message={error} data-testid="query-error" />}
          {result && (
            <ResultTable
              testId="query-result"
              columns={resultColumns(detail.data?.tabDetails ?? [], result.columns)}
              rows={result.records}
              loading={running}
              paging={{ current: paging.current, size: paging.size, total: result.total, onChange: (c, s) => void run(c, s) }}
            />
          )}
        </>
      )}
    </Space>
  );
}
