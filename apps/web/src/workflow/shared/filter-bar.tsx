import '../../i18n/workflow-texts.ts';
import { Button, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Query } from '../api.ts';
import { RangePicker } from './range-picker.tsx';
import { useCategories } from './use-categories.ts';

/** A text filter: the query key it fills and the label's text key. */
export type TextFilter = { param: string; label: string };
type Values = Record<string, string | [Dayjs, Dayjs] | undefined>;

/** The filter values as the lists' query: empty ones left out, the period as beginDate/endDate. */
export function filterQuery(values: Values): Query {
  const q: Query = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === 'period') {
      const [from, to] = (v as [Dayjs, Dayjs] | undefined) ?? [];
      if (from) q.beginDate = `${from.format('YYYY-MM-DD')} 00:00:00`;
      if (to) q.endDate = `${to.format('YYYY-MM-DD')} 23:59:59`;
    } else if (typeof v === 'string' && v.trim()) q[k] = v.trim();
  }
  return q;
}

/** The filters above a workflow list: text fields, the category, optionally a period. */
export function FilterBar({
  texts,
  category = true,
  period = false,
  onSearch,
}: {
  texts: TextFilter[];
  category?: boolean;
  period?: boolean;
  onSearch: (q: Query) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const categories = useCategories();
  const search = () => onSearch(filterQuery(form.getFieldsValue()));
  return (
    <Form form={form} layout="inline" onFinish={search} className="wf-filters" data-testid="wf-filters">
      {texts.map((f) => (
        <Form.Item key={f.param} name={f.param} label={t(f.label)}>
          <Input allowClear data-testid={`wf-filter-${f.param}`} />
        </Form.Item>
      ))}
      {category && (
        <Form.Item name="category" label={t('wf.common.category')}>
          <Select allowClear options={categories} style={{ width: 160 }} data-testid="wf-filter-category" />
        </Form.Item>
      )}
      {period && (
        <Form.Item name="period" label={t('wf.common.time')}>
          <RangePicker placeholder={[t('wf.common.beginDate'), t('wf.common.endDate')]} />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="wf-search">
            {t('wf.common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search();
            }}
          >
            {t('wf.common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
