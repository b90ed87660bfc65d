import { describe, expect, it } from 'vitest';
import { INCOMPLETE, stepMarkers, UNCONFIGURED } from './step-markers.ts';

const step = (userTaskId: string, elementId: string | null, configured: boolean) => ({
  userTaskId,
  name: userTaskId,
  elementId,
  transactorNames: null,
  missing: configured ? [] : ['transactor'],
  configured,
});

describe('step markers', () => {
  it('marks steps without configuration and incomplete ones, and leaves configured steps alone', () => {
    expect(stepMarkers([step('a', null, false), step('b', '1', false), step('c', '2', true)])).toEqual({ a: UNCONFIGURED, b: INCOMPLETE });
  });
});
