import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense } from 'react';

// antd's date picker is large: it loads when a form first shows a period, in its own chunk, so the
// workflow lists open without it.
const Picker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })));

/** antd's RangePicker, loaded on first render. */
export function RangePicker(props: RangePickerProps) {
  return (
    <Suspense fallback={<span className="ant-picker" style={{ minWidth: 240 }} />}>
      <Picker {...props} />
    </Suspense>
  );
}
