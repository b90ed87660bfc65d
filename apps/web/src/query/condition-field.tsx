import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { type Opt, sourceQuery } from '../crud/options.ts';
import type { QueryCondition } from './api.ts';

type Props = { c: QueryCondition; value?: unknown; onChange?: (v: unknown) => void; placeholder: string };

/** A dictionary condition's choices, read like any dictionary field's. */
function DictSelect({ code, ...p }: { code: string; value?: unknown; onChange?: (v: unknown) => void; placeholder: string }) {
  const q = sourceQuery({ kind: 'dict', code, int: false });
  const { data } = useQuery({ ...(q as NonNullable<typeof q>) });
  return (
    <Select<string>
      allowClear
      style={{ minWidth: 160 }}
      options={(data as Opt[] | undefined)?.map((o) => ({ label: o.label, value: String(o.value) }))}
      value={p.value as string | undefined}
      onChange={(v) => p.onChange?.(v)}
      placeholder={p.placeholder}
    />
  );
}

/** The search field of one condition, by its kind; every value travels as text. */
export function ConditionField({ c, value, onChange, placeholder }: Props) {
  switch (c.conditionType) {
    case 'number':
      return <InputNumber<string> stringMode value={value as string} onChange={(v) => onChange?.(v ?? '')} placeholder={placeholder} />;
    case 'date':
      return (
        <DatePicker
          format="YYYY-MM-DD"
          onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : '')}
          placeholder={placeholder}
        />
      );
    case 'select':
      return c.dictCode ? <DictSelect code={c.dictCode} value={value} onChange={onChange} placeholder={placeholder} /> : null;
    default:
      return <Input allowClear value={value as string} onChange={(e) => onChange?.(e.target.value)} placeholder={placeholder} />;
  }
}
