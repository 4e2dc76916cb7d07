import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailError,
  strengthLevel,
  validateForgottenPassword,
  validateLogin,
  validatePasswordForm,
  validateProfile,
} from '../../../src/shared/auth-forms.ts';
import { messages } from '../../../src/shared/messages.ts';
import { ForgottenPasswordBodySchema } from '../../../src/shared/schemas/self-service.ts';

const v = messages.validation;

describe('strength meter mapping (spec §4)', () => {
  it('says too short, with an empty bar, for no input or fewer than 3 characters, whatever the score', () => {
    for (const password of ['', 'a', 'ab']) {
      for (const score of [0, 1, 2, 3, 4]) {
        expect(strengthLevel(password, score)).toEqual({ level: 0, label: 'too short', width: 0 });
      }
    }
  });

  it('maps scores 1 to 4 to weak, ok, good, strong with quarter-step bars', () => {
    expect(strengthLevel('abcdef', 1)).toEqual({ level: 1, label: 'weak', width: 0.25 });
    expect(strengthLevel('abcdef', 2)).toEqual({ level: 2, label: 'ok', width: 0.5 });
    expect(strengthLevel('abcdef', 3)).toEqual({ level: 3, label: 'good', width: 0.75 });
    expect(strengthLevel('abcdef', 4)).toEqual({ level: 4, label: 'strong', width: 1 });
  });

  it('shows score 0 with 3 or more characters as weak', () => {
    expect(strengthLevel('abc', 0)).toEqual({ level: 1, label: 'weak', width: 0.25 });
    expect(strengthLevel('password', 0).label).toBe('weak');
  });

  it('never leaves the five levels, and the bar grows with the level', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 4 }), (password, score) => {
        const result = strengthLevel(password, score);
        expect(messages.strength).toContain(result.label);
        expect(result.width).toBe(result.level / 4);
        expect(result.level === 0).toBe(password.length < 3);
      }),
    );
  });
});

describe('login and forgot-password validation (spec §5)', () => {
  it('requires the e-mail and the password with the spec texts', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: v.emailRequired,
      password: v.passwordRequired,
    });
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: v.emailRequired });
  });

  it('refuses malformed addresses and addresses with spaces', () => {
    for (const bad of ['ann', 'ann@', '@lamp.test', 'ann@lamp', 'ann smith@lamp.test', 'ann@la mp.test']) {
      expect(emailError(bad)).toBe(v.invalidEmailFormat);
    }
    expect(validateLogin({ email: 'ann@lamp.test', password: 'x' })).toEqual({});
  });

  it('uses the same rules for the forgot-password e-mail', () => {
    expect(validateForgottenPassword({ email: '' })).toEqual({ email: v.emailRequired });
    expect(validateForgottenPassword({ email: 'nope' })).toEqual({ email: v.invalidEmailFormat });
    expect(validateForgottenPassword({ email: 'ann@lamp.test' })).toEqual({});
  });

  it('agrees with the server schema on every address', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (email) => {
        const client = emailError(email) === undefined;
        const server = ForgottenPasswordBodySchema.safeParse({ email }).success;
        expect(client).toBe(server);
      }),
    );
  });
});

describe('password form validation (spec §5)', () => {
  const filled = { currentPassword: 'old', newPassword: 'Brisk-Otter-42!', confirmNewPassword: 'Brisk-Otter-42!' };

  it('requires every field', () => {
    expect(validatePasswordForm({ currentPassword: '', newPassword: '', confirmNewPassword: '' }, 0)).toEqual({
      currentPassword: v.currentPasswordRequired,
      newPassword: v.newPasswordRequired,
      confirmNewPassword: v.newPasswordRequired,
    });
  });

  it('refuses a score below 2 and accepts 2 and above', () => {
    expect(validatePasswordForm(filled, 1)).toEqual({ newPassword: v.passwordNotStrongEnough });
    expect(validatePasswordForm(filled, 0)).toEqual({ newPassword: v.passwordNotStrongEnough });
    expect(validatePasswordForm(filled, 2)).toEqual({});
    expect(validatePasswordForm(filled, 4)).toEqual({});
  });

  it('leaves strength to the server while the checker is not loaded', () => {
    expect(validatePasswordForm(filled, null)).toEqual({});
  });

  it('requires the confirmation to match', () => {
    expect(validatePasswordForm({ ...filled, confirmNewPassword: 'Brisk-Otter-43!' }, 4)).toEqual({
      confirmNewPassword: v.passwordsDoNotMatch,
    });
  });

  it('does not ask for the current password on the reset page', () => {
    expect(validatePasswordForm({ newPassword: 'Brisk-Otter-42!', confirmNewPassword: 'Brisk-Otter-42!' }, 3)).toEqual(
      {},
    );
  });
});

describe('profile validation (spec §5)', () => {
  it('requires both names and a well-formed e-mail', () => {
    expect(validateProfile({ first_name: ' ', last_name: '', email: 'x' })).toEqual({
      first_name: v.firstNameRequired,
      last_name: v.lastNameRequired,
      email: v.invalidEmailFormat,
    });
    expect(validateProfile({ first_name: 'Ann', last_name: 'Lee', email: 'ann@lamp.test' })).toEqual({});
  });
});
