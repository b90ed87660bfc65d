import { describe, expect, it } from 'vitest';
import { COUNT_CAP, cappedTotal, planTotal } from './repository.ts';

describe('planTotal', () => {
  it('takes the total from a page that is not full, whatever the estimate', () => {
    expect(planTotal(0, 20, 7, 500_000)).toEqual({ total: 7 });
    expect(planTotal(0, 20, 0, 500_000)).toEqual({ total: 0 });
    expect(planTotal(40, 20, 3, 10)).toEqual({ total: 43 });
  });

  it('cannot tell from an empty page past the end, so it asks the estimate or a count', () => {
    expect(planTotal(1000, 20, 0, 5)).toEqual({ count: true });
    expect(planTotal(1000, 20, 0, 900_000)).toEqual({ total: 900_000, approximate: true });
  });

  it('trusts an estimate well above the cap and flags it approximate', () => {
    expect(planTotal(0, 20, 20, 3 * COUNT_CAP)).toEqual({ total: 3 * COUNT_CAP, approximate: true });
    // never less than the rows already seen
    expect(planTotal(50_000, 20, 20, 2 * COUNT_CAP + 1)).toEqual({ total: 50_020, approximate: true });
  });

  it('counts (capped) when the estimate is small or near the cap, since estimates can be wrong', () => {
    expect(planTotal(0, 20, 20, 15)).toEqual({ count: true });
    expect(planTotal(0, 20, 20, COUNT_CAP * 2)).toEqual({ count: true });
  });
});

describe('cappedTotal', () => {
  it('is exact up to the cap', () => {
    expect(cappedTotal(COUNT_CAP, 99_999, 20)).toEqual({ total: COUNT_CAP });
    expect(cappedTotal(21, 99_999, 20)).toEqual({ total: 21 });
  });

  it('beyond the cap is the larger of estimate and cap + 1, flagged', () => {
    expect(cappedTotal(COUNT_CAP + 1, 500, 20)).toEqual({ total: COUNT_CAP + 1, approximate: true });
    expect(cappedTotal(COUNT_CAP + 1, 15_000.4, 20)).toEqual({ total: 15_000, approximate: true });
  });
});
