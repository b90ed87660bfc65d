import { describe, expect, it } from 'vitest';
import { fillTemplate } from './template-text.ts';

const data = [
  { name: '申请人', columns: ['applicantName', 'born'], rows: [{ applicantName: '张三', born: new Date('1990-05-01T00:00:00Z') }] },
  {
    name: '家庭成员',
    columns: ['姓名', '关系'],
    rows: [
      { 姓名: '李四', 关系: '配偶' },
      { 姓名: '张小', 关系: null },
    ],
  },
];

describe('print template text', () => {
  it('fills fields from the first rows, tables from all rows, and keeps the layout marks', () => {
    const body =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the print template's own placeholders
      '# 申请表\n## 基本信息\n申请人：${applicantName}，出生：${born}，打印：${printDate}，未知：${nope}。\n\n${table:家庭成员}\n${table:没有}';
    expect(fillTemplate(body, data, '2026-11-26')).toEqual([
      { kind: 'title', text: '申请表' },
      { kind: 'heading', text: '基本信息' },
      { kind: 'text', text: '申请人：张三，出生：1990-05-01，打印：2026-11-26，未知：。' },
      { kind: 'gap' },
      {
        kind: 'table',
        columns: ['姓名', '关系'],
        rows: [
          ['李四', '配偶'],
          ['张小', ''],
        ],
      },
      { kind: 'text', text: '[未找到打印SQL: 没有]' },
    ]);
  });
});
