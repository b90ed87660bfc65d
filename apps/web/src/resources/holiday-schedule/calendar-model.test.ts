import { describe, expect, it } from 'vitest';
import { monthWeeks, nextMark, parseMarks, toList } from './calendar-model.ts';

describe('holiday calendar model', () => {
  it('reads a year and ignores what is not a mark', () => {
    const marks = parseMarks('[{"date":"2026-10-01","type":"holiday","name":"国庆节"},{"date":"x","type":"other"}]');
    expect([...marks.keys()]).toEqual(['2026-10-01']);
    expect(parseMarks('not json').size).toBe(0);
  });

  it('cycles weekdays between holiday and plain, weekend days through workday and holiday', () => {
    expect(nextMark(undefined, '2026-10-05', false)).toEqual({ date: '2026-10-05', type: 'holiday', name: '' });
    expect(nextMark({ date: '2026-10-05', type: 'holiday', name: '' }, '2026-10-05', false)).toBeUndefined();
    const worked = nextMark(undefined, '2026-09-20', true, '国庆节');
    expect(worked?.type).toBe('workday');
    expect(nextMark(worked, '2026-09-20', true)?.type).toBe('holiday');
    expect(nextMark({ date: '2026-09-20', type: 'holiday', name: '' }, '2026-09-20', true)).toBeUndefined();
  });

  it('lays a month out in Monday-first weeks and sorts marks by date', () => {
    const weeks = monthWeeks(2026, 1); // February 2026 starts on a Sunday
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.flat().filter(Boolean).length).toBe(28);
    const marks = parseMarks('[{"date":"2026-10-02","type":"holiday","name":""},{"date":"2026-10-01","type":"holiday","name":""}]');
    expect(toList(marks).map((m) => m.date)).toEqual(['2026-10-01', '2026-10-02']);
  });
});
