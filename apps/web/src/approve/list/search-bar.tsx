import { Button, Form, Input, Space } from 'antd';
import { useL } from '../../matter/forms/texts.ts';
import type { Query } from '../api.ts';

type Values = { itemName?: string; applicantName?: string };

/** Search by matter name and applicant name; empty fields are left out of the query. */
export function SearchBar({ onSearch }: { onSearch: (q: Query) => void }) {
  const L = useL();
  const [form] = Form.useForm<Values>();
  const search = () => {
    const q: Query = {};
    for (const [k, v] of Object.entries(form.getFieldsValue())) if (typeof v === 'string' && v.trim()) q[k] = v.trim();
    onSearch(q);
  };
  return (
    <Form form={form} layout="inline" onFinish={search} style={{ margin: '12px 0' }}>
      <Form.Item name="itemName" label={L('事项名称', 'Matter')}>
        <Input allowClear maxLength={50} data-testid="approve-filter-itemName" />
      </Form.Item>
      <Form.Item name="applicantName" label={L('申请人', 'Applicant')}>
        <Input allowClear maxLength={50} data-testid="approve-filter-applicantName" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="approve-search">
            {L('搜索', 'Search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search();
            }}
          >
            {L('清空', 'Reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
