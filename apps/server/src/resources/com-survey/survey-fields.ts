import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';

const option = z.object({
  value: z.union([z.string(), z.number()]).transform(String),
  label: z.string().min(1).max(100),
  score: z.number().finite(),
});

const question = z.object({
  field: z.string().regex(/^[\p{L}_][\p{L}\p{N}_]{0,49}$/u, '字段名只能由字母、数字、下划线组成且不以数字开头'),
  label: z.string().min(1).max(200),
  type: z.enum(['number', 'choice']),
  required: z.boolean().optional(),
  options: z.array(option).max(50).optional(),
});

export type SurveyField = z.output<typeof question>;

/** The questions of a survey as stored (JSON text); a bad list answers 400 saying what is wrong. */
export function parseSurveyFields(text: unknown): SurveyField[] {
  if (text === undefined || text === null || String(text).trim() === '') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(String(text));
  } catch {
    throw badRequest('问卷题目应为JSON数组');
  }
  const parsed = z.array(question).max(200).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`问卷题目格式不正确: 第${Number(issue.path[0] ?? 0) + 1}题 ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const q of parsed.data) {
    if (seen.has(q.field)) throw badRequest(`问卷题目字段重复: ${q.field}`);
    seen.add(q.field);
    if (q.type === 'choice' && !q.options?.length) throw badRequest(`选择题「${q.label}」至少需要一个选项`);
  }
  return parsed.data;
}

/** Turns submitted answers into the numbers a formula reads (a choice counts its option's score). */
export function scoreAnswers(fields: SurveyField[], answers: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of fields) {
    const v = Object.hasOwn(answers, f.field) ? answers[f.field] : undefined;
    const blank = v === undefined || v === null || v === '';
    if (blank) {
      if (f.required) throw badRequest(`请回答「${f.label}」`);
      out[f.field] = 0;
      continue;
    }
    if (f.type === 'number') {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) throw badRequest(`「${f.label}」应为数字`);
      out[f.field] = n;
    } else {
      const picked = f.options?.find((o) => o.value === String(v));
      if (!picked) throw badRequest(`「${f.label}」的选项不存在: ${String(v)}`);
      out[f.field] = picked.score;
    }
  }
  return out;
}
