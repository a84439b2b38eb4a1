import { describe, expect, it } from 'vitest';
import { emptyRegisterForm, registerFormProblem } from './register-form';

const form = (patch: Partial<ReturnType<typeof emptyRegisterForm>>) => ({ ...emptyRegisterForm(), ...patch });

describe('register form checks', () => {
  it.each([
    [form({}), false, 'account.required'],
    [form({ username: '  ', password: 'password-1' }), false, 'account.required'],
    [form({ username: 'bob', password: 'short' }), false, 'account.passwordShort'],
    [form({ username: 'bob', password: 'x'.repeat(21), password2: 'x'.repeat(21) }), false, 'account.passwordLong'],
    [form({ username: 'bob', password: 'password-1', password2: 'password-2' }), false, 'account.passwordMismatch'],
    [form({ username: 'bob', password: 'password-1', password2: 'password-1' }), true, 'account.emailCodeRequired'],
    [form({ username: 'bob', password: 'password-1', password2: 'password-1', email: 'b@x.com' }), true, 'account.emailCodeRequired'],
  ])('%j (email verification %s) -> %s', (f, verify, key) => {
    expect(registerFormProblem(f, verify)?.key).toBe(key);
  });

  it('passes complete forms', () => {
    const ok = form({ username: 'bob', password: 'x'.repeat(8), password2: 'x'.repeat(8) });
    expect(registerFormProblem(ok, false)).toBeNull();
    expect(registerFormProblem({ ...ok, email: 'b@x.com', code: '123456' }, true)).toBeNull();
    expect(registerFormProblem({ ...ok, password: 'y'.repeat(20), password2: 'y'.repeat(20) }, false)).toBeNull();
  });
});
