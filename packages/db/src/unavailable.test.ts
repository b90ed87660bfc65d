import { describe, expect, it } from 'vitest';
import { isDbUnavailable } from './unavailable.ts';

const err = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDbUnavailable', () => {
  it('knows an unreachable, lost or shutting-down database', () => {
    expect(isDbUnavailable(err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDbUnavailable(err('Connection terminated unexpectedly'))).toBe(true);
    expect(isDbUnavailable(err('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDbUnavailable(err('connection failure', '08006'))).toBe(true);
    expect(isDbUnavailable(err('embedded database failed: worker exited', '08006'))).toBe(true);
  });
  it('does not take a wrong statement or input for an outage', () => {
    expect(isDbUnavailable(err('duplicate key', '23505'))).toBe(false);
    expect(isDbUnavailable(err('syntax error', '42601'))).toBe(false);
    expect(isDbUnavailable('ECONNREFUSED')).toBe(false);
  });
});
