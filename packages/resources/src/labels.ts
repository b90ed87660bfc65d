import type { Label } from '@civdesk/meta';

/** Shorthand for a bilingual label. */
export const L = (zh: string, en: string): Label => ({ zh, en });

export const yesNo01 = [
  { value: 0, label: L('否', 'No') },
  { value: 1, label: L('是', 'Yes') },
];

/** The other reading of a yes/no flag in the family (isOpen in some forms, enabled settings): 1 no, 2 yes. */
export const yesNo12 = [
  { value: 1, label: L('否', 'No') },
  { value: 2, label: L('是', 'Yes') },
];

export const sexOptions = [
  { value: 1, label: L('男', 'Male') },
  { value: 2, label: L('女', 'Female') },
  { value: 3, label: L('未知', 'Unknown') },
];
