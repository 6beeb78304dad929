import * as z from 'zod/mini';

// zod/mini rather than zod: the same validation with a fraction of the code in the first view of the
// prerendered form pages.

export const passwordRequirements = [
  { label: 'At least 8 characters', test: (value: string) => value.length >= 8 },
  { label: 'Contains uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { label: 'Contains lowercase letter', test: (value: string) => /[a-z]/.test(value) },
  { label: 'Contains number', test: (value: string) => /[0-9]/.test(value) },
] as const;

const email = z
  .string()
  .check(
    z.trim(),
    z.email({ error: 'Invalid email address' }),
    z.maxLength(255, { error: 'Email must be 255 characters or fewer' }),
  );

const newPassword = z
  .string()
  .check(
    z.minLength(8, { error: 'Password must be at least 8 characters' }),
    z.regex(/[A-Z]/, { error: 'Password must contain at least one uppercase letter' }),
    z.regex(/[a-z]/, { error: 'Password must contain at least one lowercase letter' }),
    z.regex(/[0-9]/, { error: 'Password must contain at least one number' }),
  );

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, { error: 'Password is required' })),
});

export const signupSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, { error: 'Name must be at least 2 characters' }),
      z.maxLength(100, { error: 'Name must be 100 characters or fewer' }),
    ),
  email,
  password: newPassword,
  acceptTerms: z
    .boolean()
    .check(z.refine((accepted) => accepted, { error: 'You must accept the terms and conditions' })),
});

export const forgotPasswordSchema = z.object({ email });

export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .check(
    z.refine(({ password, confirmPassword }) => password === confirmPassword, {
      error: "Passwords don't match",
      path: ['confirmPassword'],
    }),
  );

export type LoginValues = z.input<typeof loginSchema>;
export type SignupValues = z.input<typeof signupSchema>;
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;
export type NewPasswordValues = z.input<typeof newPasswordSchema>;
