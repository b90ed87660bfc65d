// Validation messages in both languages. Chinese ones the spec gives are used verbatim.
export type Lang = 'zh' | 'en';

export const messages = {
  zh: {
    enter: (l: string) => `请输入${l}`,
    select: (l: string) => `请选择${l}`,
    type: (l: string) => `${l}格式不正确`,
    maxLength: (l: string, n: number) => `${l}长度不能超过${n}个字符`,
    minLength: (l: string, n: number) => `${l}长度不能少于${n}个字符`,
    integer: (l: string) => `${l}必须是整数`,
    number: (l: string) => `${l}必须是数字`,
    minValue: (l: string, n: number) => `${l}不能小于${n}`,
    maxValue: (l: string, n: number) => `${l}不能大于${n}`,
    orderDigits: '排序只能输入数字',
    orderMax: (n: number) => `排序最多${n}位数字`,
    option: (l: string) => `${l}的值不在可选范围内`,
    date: (l: string) => `${l}日期格式不正确`,
    id: (l: string) => `${l}不是有效的编号`,
  },
  en: {
    enter: (l: string) => `Please enter ${l}`,
    select: (l: string) => `Please select ${l}`,
    type: (l: string) => `${l} has a wrong format`,
    maxLength: (l: string, n: number) => `${l} must be at most ${n} characters`,
    minLength: (l: string, n: number) => `${l} must be at least ${n} characters`,
    integer: (l: string) => `${l} must be a whole number`,
    number: (l: string) => `${l} must be a number`,
    minValue: (l: string, n: number) => `${l} must be at least ${n}`,
    maxValue: (l: string, n: number) => `${l} must be at most ${n}`,
    orderDigits: 'order code can only be digits',
    orderMax: (n: number) => `order code has at most ${n} digits`,
    option: (l: string) => `${l} is not one of the allowed values`,
    date: (l: string) => `${l} is not a valid date`,
    id: (l: string) => `${l} is not a valid id`,
  },
} satisfies Record<Lang, unknown>;
