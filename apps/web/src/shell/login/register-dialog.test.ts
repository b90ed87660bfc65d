import { describe, expect, it } from 'vitest';
import { registrationProblem } from './register-dialog.tsx';

const ok = { tenantId: '100001', name: '访客', account: 'guest', password: 'a', password2: 'a' };

describe('guest registration checks (in the order the form shows them)', () => {
  it('reports the first problem in order', () => {
    expect(registrationProblem({ ...ok, tenantId: '', account: '', password: '' })).toBe('shell.register.tenantRequired');
    expect(registrationProblem({ ...ok, account: ' ', password: '' })).toBe('shell.register.accountRequired');
    expect(registrationProblem({ ...ok, password2: '' })).toBe('shell.register.passwordRequired');
    expect(registrationProblem({ ...ok, password2: 'b', name: '' })).toBe('shell.register.mismatch');
    expect(registrationProblem({ ...ok, name: ' ' })).toBe('shell.register.nameRequired');
    expect(registrationProblem(ok)).toBeUndefined();
  });
});
