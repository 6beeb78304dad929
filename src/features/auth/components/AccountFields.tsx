import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/form/FormField';
import { PasswordInput } from '@/components/form/PasswordInput';
import { Input } from '@/components/ui/input';

interface FieldErrorMessage {
  message?: string;
}

/**
 * The e-mail and password fields of a `useZodForm` form whose values hold `email` and `password`:
 * pass its `form.register` and `form.formState.errors`.
 */
export function AccountFields({
  register,
  errors,
  passwordAutoComplete,
}: {
  register: (name: 'email' | 'password') => UseFormRegisterReturn;
  errors: { email?: FieldErrorMessage; password?: FieldErrorMessage };
  /** 'current-password' to sign in with an existing password, 'new-password' when choosing one. */
  passwordAutoComplete: 'current-password' | 'new-password';
}) {
  // Each field registers while it renders, as it would written out in the form: react-hook-form
  // focuses the first invalid field in registration order, which must stay the on-screen order.
  return (
    <>
      <FormField label="Email" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" {...register('email')} />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete={passwordAutoComplete}
            {...register('password')}
          />
        )}
      </FormField>
    </>
  );
}
