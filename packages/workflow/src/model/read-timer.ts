// Timer event definitions: exactly one of timeDuration, timeDate, timeCycle, or our working-day count.
import { ModelError } from '../errors.ts';
import { parseCycle, parseDuration } from '../time.ts';
import type { ModdleElement } from './attrs.ts';
import type { TimerSpec } from './graph.ts';
import { body, expr, PLAIN_CALENDARS, type ReadContext, unsupported } from './read-node.ts';

export function readTimer(el: ModdleElement, def: ModdleElement, rc: ReadContext, cycleAllowed: boolean): TimerSpec {
  const id = el.id!;
  const days = rc.attrs.civ(el, 'workingDays') ?? rc.attrs.civ(def, 'workingDays');
  const calendar = rc.attrs.vendor(def, 'businessCalendarName') ?? rc.attrs.vendor(el, 'businessCalendarName');
  const workingDays = !!calendar && !PLAIN_CALENDARS.has(calendar);
  const specs = (['timeDuration', 'timeDate', 'timeCycle'] as const).filter((k) => body(def[k]));
  if (days) {
    if (specs.length) throw new ModelError(`定时器 ${id} 同时指定了工作日和 ${specs[0]}`, id, el.$type);
    return { kind: 'workingDays', value: expr(days, id, rc, el), workingDays: true };
  }
  if (specs.length !== 1) throw new ModelError(`定时器 ${id} 需要且只能有一个 timeDuration、timeDate 或 timeCycle`, id, el.$type);
  const text = body(def[specs[0]])!;
  const value = expr(text, id, rc, el);
  const kind = specs[0] === 'timeDuration' ? 'duration' : specs[0] === 'timeDate' ? 'date' : 'cycle';
  if (kind === 'cycle') {
    if (!cycleAllowed) throw unsupported(el, 'timeCycle (只支持非中断边界定时器)');
    if (value.constant && !parseCycle(text)) throw new ModelError(`定时器 ${id} 的周期 ${text} 不是 R[n]/ISO 时长`, id, el.$type);
  }
  if (kind === 'duration' && value.constant && !parseDuration(text))
    throw new ModelError(`定时器 ${id} 的时长 ${text} 不是 ISO 8601 时长`, id, el.$type);
  if (kind === 'date' && value.constant && Number.isNaN(Date.parse(text)))
    throw new ModelError(`定时器 ${id} 的日期 ${text} 无效`, id, el.$type);
  return { kind, value, workingDays };
}
