import type { Option } from '@civdesk/meta';
import { L } from '../labels.ts';

// The choices of a code model's field rows and a generator, spelt as the spec's family spells them.

const same = (values: string[]): Option[] => values.map((v) => ({ value: v, label: L(v, v) }));

/** The Java-style property types a field row names (what the generator maps to field types). */
export const propertyTypes = same(['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Boolean', 'Date']);

export const componentTypes: Option[] = [
  { value: 'input', label: L('输入框', 'Input') },
  { value: 'textarea', label: L('文本框', 'Text area') },
  { value: 'select', label: L('下拉框', 'Select') },
  { value: 'tree', label: L('树选择', 'Tree select') },
  { value: 'radio', label: L('单选框', 'Radio') },
  { value: 'checkbox', label: L('多选框', 'Checkbox') },
  { value: 'switch', label: L('开关', 'Switch') },
  { value: 'date', label: L('日期', 'Date') },
];

export const queryTypes: Option[] = [
  { value: 'equal', label: L('等于', 'Equal') },
  { value: 'notequal', label: L('不等于', 'Not equal') },
  { value: 'gt', label: L('大于', 'Greater') },
  { value: 'ge', label: L('大于等于', 'Greater or equal') },
  { value: 'lt', label: L('小于', 'Less') },
  { value: 'le', label: L('小于等于', 'Less or equal') },
  { value: 'between', label: L('区间', 'Between') },
  { value: 'like', label: L('模糊', 'Like') },
  { value: 'likeleft', label: L('左模糊', 'Like left') },
  { value: 'likeright', label: L('右模糊', 'Like right') },
];

export const templateTypes: Option[] = [
  { value: 'crud', label: L('单表', 'Single table') },
  { value: 'tree', label: L('树表', 'Tree') },
  { value: 'sub', label: L('主子表', 'Master-detail') },
];

export const codeStyles: Option[] = [
  { value: 'saber', label: L('saber', 'saber') },
  { value: 'element', label: L('element', 'element') },
];

/** BladeX's 1/2 flags (baseMode, wrapMode, feignMode): 1 no, 2 yes. */
export const yesNoMode: Option[] = [
  { value: 1, label: L('否', 'No') },
  { value: 2, label: L('是', 'Yes') },
];
