import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { FieldError, FormField } from '@/components/form/FormField';
import { PasswordInput } from '@/components/form/PasswordInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { pageCopy } from '@/content/pages';
import { toast } from '@/lib/toast';
import { signUp } from '../authActions';
import { useAuth } from '../AuthProvider';
import { AuthCard } from '../components/AuthCard';
import { GoogleButton, OrDivider } from '../components/GoogleButton';
import { signupSchema } from '../schemas';

export default function SignupPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // While an account is being created the new session must not send the user to the dashboard.
  const [creating, setCreating] = useState(false);
  const form = useZodForm(signupSchema, { name: '', email: '', password: '', acceptTerms: false });
  const { errors, isSubmitting } = form.formState;

  if (user && !creating) return <Navigate replace to="/dashboard" />;

  const onSubmit = form.handleSubmit(async (values) => {
    setCreating(true);
    const { error, needsConfirmation } = await signUp(values);
    if (error) {
      setCreating(false);
      toast.error('Sign up failed', error.message);
      return;
    }
    void navigate('/');
    toast.success(
      'Account created successfully!',
      needsConfirmation ? 'Check your e-mail to confirm your address, then sign in.' : undefined,
    );
  });

  return (
    <AuthCard
      heading={pageCopy.signup.heading}
      intro={pageCopy.signup.intro}
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary underline underline-offset-4">
            Sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <FormField label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
          )}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              {...form.register('password')}
            />
          )}
        </FormField>
        <Controller
          control={form.control}
          name="acceptTerms"
          render={({ field: { value, onChange, ...field } }) => (
            <div className="space-y-2">
              <div className="flex items-start gap-3">
                <Checkbox
                  {...field}
                  id="accept-terms"
                  checked={value}
                  onCheckedChange={(checked) => onChange(checked === true)}
                  aria-invalid={!!errors.acceptTerms}
                  aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
                  className="mt-0.5 h-6 w-6"
                />
                <label htmlFor="accept-terms" className="text-sm leading-snug">
                  I accept the{' '}
                  <Link
                    to="/terms-and-conditions"
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    terms and conditions
                  </Link>
                </label>
              </div>
              {errors.acceptTerms?.message ? (
                <FieldError id="accept-terms-error">{errors.acceptTerms.message}</FieldError>
              ) : null}
            </div>
          )}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
      <OrDivider />
      <GoogleButton>Sign up with Google</GoogleButton>
    </AuthCard>
  );
}
