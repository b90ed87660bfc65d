import type { ApplyRow } from './api.ts';

const seg = (v?: string | null) => encodeURIComponent(v || '-');

/** The handling page of an application on the caller's todo list. */
export const handlePath = (r: ApplyRow) => `/matters/fillref/detail/${r.applyId}/${seg(r.itemName)}/todo/${seg(r.realCurActivityName)}`;

/** Read-only: an application the caller worked on (todomat) or one that is finished (donemat). */
export const detailPath = (r: ApplyRow, kind: 'done' | 'finish') =>
  `/${kind === 'done' ? 'todomat' : 'donemat'}/fillref/detail/${r.applyId}/${seg(r.itemName)}/${kind}/${seg(r.realCurActivityName)}`;

/** The launch form of a matter's enabled version; `id` 0 starts a new application. */
export const launchPath = (mathfVersionId: string, itemName: string, itemNo: string, id = '0') =>
  `/matters/launch/detail/${mathfVersionId || '0'}/${seg(itemName)}/${seg(itemNo)}/${id}`;
