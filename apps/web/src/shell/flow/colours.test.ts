import { describe, expect, it } from 'vitest';
import { flowClasses } from './colours.ts';
import { sampleHistory } from './fixture.ts';

describe('flow colouring', () => {
  it('ended → success, open → primary, candidates none, flows warning; later entries replace earlier', () => {
    const c = flowClasses(sampleHistory);
    expect(c.get('start')).toBe('success');
    expect(c.get('apply')).toBe('success'); // the open entry was replaced by the ended one
    expect(c.get('approve')).toBe('primary');
    expect(c.get('archive')).toBeNull();
    expect(c.get('f1')).toBe('warning');
    expect(c.has('end')).toBe(false);
    expect(
      flowClasses([...sampleHistory, { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: '2026-11-02' }]).get(
        'approve',
      ),
    ).toBe('success');
  });
});
