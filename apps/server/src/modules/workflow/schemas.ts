import { z } from 'zod';
import { id, optional, optionalString } from '../../core/input.ts';

// Input pieces shared by the workflow routes.

const whole = (dflt: number, max: number, name: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.coerce
      .number({ error: `${name} 应为数字` })
      .int({ error: `${name} 应为整数` })
      .min(1, { error: `${name} 最小为1` })
      .max(max, { error: `${name} 最大为${max}` })
      .default(dflt),
  );

export const paging = { current: whole(1, 1_000_000, 'current'), size: whole(10, 500, 'size') };

const dateText = optional(
  z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, { error: '日期格式应为 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss' }),
);

/** The work lists' filters. */
export const listFilter = z.object({
  ...paging,
  processDefinitionName: optionalString,
  category: optionalString,
  beginDate: dateText,
  endDate: dateText,
});

/** Ids in a comma list (at most 100). */
export const idCsv = (name: string) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: `请选择${name}` })
    .transform((v) => [...new Set((Array.isArray(v) ? v.map(String) : String(v).split(',')).map((x) => x.trim()).filter(Boolean))])
    .refine((ids) => ids.length > 0 && ids.length <= 100 && ids.every((x) => /^\d{1,19}$/.test(x)), { error: `${name}应为编号列表` });

export const taskId = z.object({ taskId: id });
export const instanceId = z.object({ processInstanceId: id });
