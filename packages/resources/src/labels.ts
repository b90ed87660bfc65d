import type { Label } from '@civdesk/meta';

/** Shorthand for a bilingual label. */
export const L = (zh: string, en: string): Label => ({ zh, en });

export const yesNo01 = [
  { value: 0, label: L('否', 'No') },
  { value: 1, label: L('是', 'Yes') },
];
