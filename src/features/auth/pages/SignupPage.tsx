import type { UseFormRegister } from 'react-hook-form';
import { useEffect, useRef, useState, type Ref } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Link } from '@/lib/links';
import { FieldError, FormField } from '@/components/form/FormField';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { Input } from '@/components/ui/input';
import { accountPages, signupConfirmationCopy, signupPrivacy } from '@/content/accountPages';
import { toast } from '@/lib/toast';
import { signUp } from '@/lib/auth/api';
import { useAuth } from '@/lib/auth/AuthProvider';
import { AccountFields } from '../components/AccountFields';
import { AuthCard, useCaptcha } from '../components/AuthCard';
import { ExternalSignInButtons, OrDivider } from '../components/ExternalSignInButtons';
import { signupSchema, type SignupValues } from '../schemas';

export default function SignupPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // While an account is being created the new session must not send the user to the dashboard.
  const [creating, setCreating] = useState(false);
  // The address a confirmation link went to, when the account was created without a session.
  const [confirmTo, setConfirmTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useZodForm(signupSchema, { name: '', email: '', password: '', acceptTerms: false });
  const { errors, isSubmitting } = form.formState;
  const captcha = useCaptcha();

  // The heading changes with the view; moving focus to it tells screen reader users what happened.
  useEffect(() => {
    if (confirmTo !== null) headingRef.current?.focus();
  }, [confirmTo]);

  if (user && !creating) return <Navigate replace to="/dashboard" />;

  const onSubmit = form.handleSubmit(async (values) => {
    const captchaToken = await captcha.token();
    if (captchaToken === null) return;
    setCreating(true);
    const { error, needsConfirmation } = await signUp(values, captchaToken);
    captcha.reset();
    if (error) {
      setCreating(false);
      toast.error('Sign up failed', error.message);
      return;
    }
    if (needsConfirmation) {
      // E-mail confirmation is on: no session until the address is confirmed.
      setCreating(false);
      setConfirmTo(values.email);
      return;
    }
    void navigate('/');
    toast.success('Account created successfully!');
  });

  if (confirmTo !== null) return <CheckYourEmail email={confirmTo} headingRef={headingRef} />;

  return (
    <AuthCard
      heading={accountPages.signup.heading}
      intro={accountPages.signup.intro}
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary underline underline-offset-4">
            Sign in
          </Link>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
        {...captcha.formProps}
      >
        <FormField label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </FormField>
        <AccountFields
          register={form.register}
          errors={errors}
          passwordAutoComplete="new-password"
        />
        <AcceptTermsField register={form.register} error={errors.acceptTerms?.message} />
        <PrivacyLine purpose={signupPrivacy} />
        <SubmitButton busy={isSubmitting} busyLabel="Creating account...">
          Create account
        </SubmitButton>
        {/* Under the button, so the widget appearing never moves the button being pressed. */}
        {captcha.widget}
      </form>
      <OrDivider />
      {/* Back to this page, which sends a signed-in user on to the dashboard. */}
      <ExternalSignInButtons verb="Sign up" returnPath="/signup" />
    </AuthCard>
  );
}

/** After signing up with e-mail confirmation on: the link must be followed before signing in. */
function CheckYourEmail({
  email,
  headingRef,
}: {
  email: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const copy = signupConfirmationCopy;
  return (
    <AuthCard
      heading={copy.heading}
      headingRef={headingRef}
      intro={
        <>
          {copy.sentBefore}
          <strong className="break-all text-foreground">{email}</strong>
          {copy.sentAfter}
        </>
      }
      footer={
        <p>
          <Link to="/login" className="font-medium text-primary underline underline-offset-4">
            {copy.backToLogin}
          </Link>
        </p>
      }
    >
      <p className="text-sm text-muted-foreground">{copy.hint}</p>
    </AuthCard>
  );
}

/**
 * The terms checkbox: a native one (the same semantics and keyboard use, without a component
 * library in the page's first download). It registers while it renders, after the fields above it,
 * so react-hook-form focuses the first invalid field in on-screen order.
 */
function AcceptTermsField({
  register,
  error,
}: {
  register: UseFormRegister<SignupValues>;
  error: string | undefined;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id="accept-terms"
          aria-invalid={!!error}
          aria-describedby={error ? 'accept-terms-error' : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 cursor-pointer rounded-sm border border-primary accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          {...register('acceptTerms')}
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
      {error ? <FieldError id="accept-terms-error">{error}</FieldError> : null}
    </div>
  );
}
