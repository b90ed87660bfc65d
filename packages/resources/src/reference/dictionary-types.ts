// The dictionary-type tree (dw_sys_dict_type, entries in dw_sys_dict_detail) the type-tree screens
// start with: one built-in category and the types case work uses. Every start adds what a
// database lacks (seed/reference.ts), never changing what exists.

type Entry = [key: string, value: string];

export type DictionaryTypeCategory = {
  /** The category's `dictType` code; built in (`isSys` 1), so it cannot be removed. */
  code: string;
  name: string;
  types: { code: string; name: string; entries: Entry[] }[];
};

export const dictionaryTypes: DictionaryTypeCategory[] = [
  {
    code: 'minor',
    name: '未成年人保护',
    types: [
      {
        code: 'guardianship_status',
        name: '监护状况',
        entries: [
          ['1', '父母监护'],
          ['2', '委托监护'],
          ['3', '事实无人抚养'],
          ['4', '孤儿'],
        ],
      },
      {
        code: 'risk_level',
        name: '风险等级',
        entries: [
          ['1', '低风险'],
          ['2', '中风险'],
          ['3', '高风险'],
        ],
      },
    ],
  },
];
