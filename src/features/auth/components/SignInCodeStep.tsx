import { useEffect, useRef, useState } from 'react';
import { FormField } from '@/components/form/FormField';
import { Button } from '@/components/ui/button';
import { OneTimeCodeInput } from '@/components/form/OneTimeCodeInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { oneTimeCodeCopy, signInCodeStep as copy } from '@/content/twoFactor';
import { cancelSignIn, verifySignInCode } from '@/lib/auth/api';
import { oneTimeCodeSchema } from '@/lib/auth/oneTimeCode';
import { isLockedOut, isWrongCode } from '@/lib/auth/wrongCode';
import { toast } from '@/lib/toast';
import { AuthCard } from './AuthCard';

/**
 * The login page's second step, for a user with an authenticator app: the password was right, and
 * the session is complete once a code from the app is. The page moves on (to return_to) when the
 * auth store sees the verified code; the way out signs the half-finished session out again.
 */
export default function SignInCodeStep() {
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useZodForm(oneTimeCodeSchema, { code: '' });
  const { errors, isSubmitting } = form.formState;
  const [leaving, setLeaving] = useState(false);
  // Too many wrong codes: Auth refuses every code for a while and has ended this session.
  const [lockedOut, setLockedOut] = useState<string | null>(null);

  // The password form this replaces had focus: the user is told where they are now.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const failure = await verifySignInCode(code);
    if (!failure) toast.success('Signed in successfully!');
    else if (isWrongCode(failure)) {
      form.setError('code', { message: oneTimeCodeCopy.wrongCode }, { shouldFocus: true });
    } else if (isLockedOut(failure)) setLockedOut(failure.message);
    else toast.error('Sign in failed', failure.message);
  });

  const leave = async () => {
    setLeaving(true);
    const failure = await cancelSignIn();
    if (failure) {
      setLeaving(false);
      toast.error('Sign out failed', failure.message);
    }
  };

  return (
    <AuthCard
      heading={copy.heading}
      intro={copy.intro}
      headingRef={heading}
      footer={
        <p>
          {copy.cancelPrompt}{' '}
          <button
            type="button"
            disabled={leaving || isSubmitting}
            onClick={() => void leave()}
            className="font-medium text-primary underline underline-offset-4 disabled:opacity-50"
          >
            {leaving ? copy.cancelBusyLabel : copy.cancelLabel}
          </button>
        </p>
      }
    >
      {lockedOut ? (
        <div className="space-y-5">
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-foreground"
          >
            {lockedOut}
          </p>
          <Button type="button" className="w-full" disabled={leaving} onClick={() => void leave()}>
            {leaving ? copy.cancelBusyLabel : copy.lockedOutLabel}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          <FormField label={copy.codeLabel} error={errors.code?.message}>
            {(control) => <OneTimeCodeInput {...control} {...form.register('code')} />}
          </FormField>
          <SubmitButton busy={isSubmitting} busyLabel={copy.busyLabel}>
            {copy.submitLabel}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
