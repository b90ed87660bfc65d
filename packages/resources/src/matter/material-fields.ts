import type { FieldDef } from '@civdesk/meta';
import { L, yesNo01 } from '../labels.ts';

/** Who must upload a material (dictionary MAT_FILE_UPLOAD_MODE; upload-mode.ts says who that is). */
export const FILE_UPLOAD_MODE_DICT = 'MAT_FILE_UPLOAD_MODE';

/** 0 browse only, 1 upload allowed, 2 upload required. */
export const mustUploadOptions = [
  { value: 0, label: L('仅浏览', 'Browse only') },
  { value: 1, label: L('允许上传', 'Upload allowed') },
  { value: 2, label: L('必须上传', 'Upload required') },
];

/** Upload rules a matter material and a step material share (a step's row overrides the matter's). */
export const uploadRuleFields = {
  isBrowse: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否浏览', 'Browse'), list: true },
  isMustUpload: {
    type: 'enum',
    int: true,
    options: mustUploadOptions,
    default: 1,
    label: L('是否必须上传', 'Upload rule'),
    list: true,
    search: 'equal',
  },
  fileUploadMode: { type: 'dict', dict: FILE_UPLOAD_MODE_DICT, int: true, label: L('上传方式', 'Who uploads'), list: true },
  isBatchUpload: { type: 'enum', int: true, options: yesNo01, default: 0, label: L('是否批量上传', 'Batch upload'), list: true },
} satisfies Record<string, FieldDef>;
