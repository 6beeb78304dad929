import { describe, expect, it } from 'vitest';
import {
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  passwordRequirements,
  signupSchema,
} from './schemas';

/** The messages a schema gives for `input`, by field. */
function messages(schema: { safeParse: (input: unknown) => unknown }, input: unknown) {
  const result = schema.safeParse(input) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.map(String).join('.');
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

const validSignup = {
  name: 'Sam Signup',
  email: 'sam@example.com',
  password: 'Welcome123',
  acceptTerms: true,
};

describe('login schema', () => {
  it('asks for a valid e-mail and a password', () => {
    expect(messages(loginSchema, { email: 'not-an-email', password: '' })).toEqual({
      email: ['Invalid email address'],
      password: ['Password is required'],
    });
  });

  it('trims the e-mail and caps it at 255 characters', () => {
    expect(loginSchema.parse({ email: '  sam@example.com ', password: 'x' }).email).toBe(
      'sam@example.com',
    );
    const long = `${'a'.repeat(244)}@example.com`;
    expect(long).toHaveLength(256);
    expect(messages(loginSchema, { email: long, password: 'x' })).toEqual({
      email: ['Email must be 255 characters or fewer'],
    });
    expect(messages(loginSchema, { email: long.slice(1), password: 'x' })).toEqual({});
  });
});

describe('sign-up schema', () => {
  it('accepts a valid account', () => {
    expect(messages(signupSchema, validSignup)).toEqual({});
  });

  it.each([
    [{ name: 'S' }, 'name', 'Name must be at least 2 characters'],
    [{ name: ' S ' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'S'.repeat(101) }, 'name', 'Name must be 100 characters or fewer'],
    [{ email: 'sam@' }, 'email', 'Invalid email address'],
    [{ password: 'Short1' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'lowercase1' }, 'password', 'Password must contain at least one uppercase letter'],
    [{ password: 'UPPERCASE1' }, 'password', 'Password must contain at least one lowercase letter'],
    [{ password: 'NoNumberHere' }, 'password', 'Password must contain at least one number'],
    [{ acceptTerms: false }, 'acceptTerms', 'You must accept the terms and conditions'],
  ])('%o -> %s: %s', (change, field, message) => {
    expect(messages(signupSchema, { ...validSignup, ...change })[field]?.[0]).toBe(message);
  });

  it('accepts names of exactly 2 and 100 characters', () => {
    expect(messages(signupSchema, { ...validSignup, name: 'Jo' })).toEqual({});
    expect(messages(signupSchema, { ...validSignup, name: 'J'.repeat(100) })).toEqual({});
  });
});

describe('forgot-password schema', () => {
  it('asks for a valid e-mail', () => {
    expect(messages(forgotPasswordSchema, { email: 'x' })).toEqual({
      email: ['Invalid email address'],
    });
    expect(messages(forgotPasswordSchema, { email: 'sam@example.com' })).toEqual({});
  });
});

describe('new-password schema', () => {
  it('applies the password rules', () => {
    expect(
      messages(newPasswordSchema, { password: 'short', confirmPassword: 'short' }).password?.[0],
    ).toBe('Password must be at least 8 characters');
  });

  it("shows 'Passwords don't match' on the confirm field", () => {
    expect(
      messages(newPasswordSchema, { password: 'Changed123', confirmPassword: 'Changed124' }),
    ).toEqual({ confirmPassword: ["Passwords don't match"] });
    expect(
      messages(newPasswordSchema, { password: 'Changed123', confirmPassword: 'Changed123' }),
    ).toEqual({});
  });
});

describe('password checklist rules', () => {
  it('ticks each of the four points on its own', () => {
    const met = (value: string) =>
      passwordRequirements.filter((rule) => rule.test(value)).map((rule) => rule.label);
    expect(met('')).toEqual([]);
    expect(met('abcdefgh')).toEqual(['At least 8 characters', 'Contains lowercase letter']);
    expect(met('A')).toEqual(['Contains uppercase letter']);
    expect(met('7')).toEqual(['Contains number']);
    expect(met('Changed123')).toHaveLength(4);
  });
});
