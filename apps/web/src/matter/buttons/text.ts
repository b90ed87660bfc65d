import type { Label } from '@civdesk/meta';
import { L } from '@civdesk/resources';
import { useLang } from '../../i18n/index.ts';

/** The screens' own texts (Chinese by default, English through the language switch). */
export const texts = {
  options: L('常用意见', 'Opinions'),
  optionsOf: L('常用意见 - ', 'Opinions - '),
  trigger: L('试调用', 'Test call'),
  triggerTitle: L('试调用结果', 'Test call result'),
  triggerOk: L('调用成功', 'Call succeeded'),
  triggerFailed: L('调用失败', 'Call failed'),
  status: L('状态码', 'Status'),
  duration: L('耗时(毫秒)', 'Duration (ms)'),
  answer: L('返回内容', 'Answer'),
  addFromLibrary: L('从按钮库添加', 'Add from library'),
  pickButtons: L('选择按钮', 'Choose buttons'),
  pickAtLeastOne: L('请至少选择一个按钮', 'Choose at least one button'),
  added: L('添加成功', 'Added'),
  stepButtons: L('环节按钮', 'Buttons'),
  stepSigning: L('签章要素', 'Signing'),
  stepRights: L('字段权限', 'Field rights'),
  name: L('按钮名称', 'Name'),
  type: L('按钮类型', 'Type'),
  value: L('参数值', 'Value'),
} satisfies Record<string, Label>;

/** `tx(label)` in the current language. */
export function useText() {
  const lang = useLang();
  return (l: Label) => l[lang];
}
