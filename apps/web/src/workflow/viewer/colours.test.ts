import { describe, expect, it } from 'vitest';
import { flowClasses, listedSteps, takenFlows } from './colours.ts';
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

  it('a return makes a finished step current again', () => {
    const c = flowClasses([
      { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: '2026-11-01 09:00:00' },
      { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: '2026-11-01 10:00:00' },
      { historyActivityId: 'apply', historyActivityType: 'userTask', endTime: null },
    ]);
    expect(c.get('apply')).toBe('primary');
    expect(c.get('approve')).toBe('success');
  });

  it('derives the taken flows when the history names activities only', () => {
    const edges = [
      { id: 'f1', source: 'start', target: 'apply' },
      { id: 'f2', source: 'apply', target: 'approve' },
      { id: 'f3', source: 'approve', target: 'end' },
    ];
    const activities = sampleHistory.filter((h) => h.historyActivityType !== 'sequenceFlow');
    expect(takenFlows(edges, flowClasses(activities))).toEqual(['f1', 'f2']);
    expect(takenFlows(edges, flowClasses(sampleHistory))).toEqual([]); // the history lists its flows
  });

  it('lists events and tasks beside the diagram, not flows or gateways', () => {
    const steps = listedSteps([...sampleHistory, { historyActivityId: 'g', historyActivityType: 'exclusiveGateway' }]);
    expect(steps.map((s) => s.historyActivityId)).toEqual(['start', 'apply', 'apply', 'approve']);
  });
});
