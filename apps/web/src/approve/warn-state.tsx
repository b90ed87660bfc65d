import { Tag } from 'antd';
import { useL } from '../matter/forms/texts.ts';
import type { WarnState } from './api.ts';

const states: Record<WarnState, { zh: string; en: string; color: string }> = {
  0: { zh: '正常', en: 'Normal', color: 'success' },
  1: { zh: '预警', en: 'Warning', color: 'warning' },
  2: { zh: '超期', en: 'Overdue', color: 'error' },
  3: { zh: '挂起', en: 'Suspended', color: 'default' },
};

/** warnState as a coloured tag: 正常 green, 预警 yellow, 超期 red, 挂起 grey; nothing when unknown. */
export function WarnTag({ value }: { value?: WarnState | number | null }) {
  const L = useL();
  const s = states[value as WarnState];
  if (!s) return null;
  return (
    <Tag color={s.color} data-testid="warn-state" data-value={value}>
      {L(s.zh, s.en)}
    </Tag>
  );
}

/**
 * An ID card number as lists show it: the server masks it already; an unmasked one is masked here
 * too (first 6 and last 4 kept), so a list never prints a whole number.
 */
export function maskIdCard(v?: string | null): string {
  if (!v) return '';
  if (v.includes('*') || v.length < 11) return v;
  return `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}`;
}
