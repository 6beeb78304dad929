import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/links';
import { FormField } from '@/components/form/FormField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { accountPages } from '@/content/accountPages';
import { toast } from '@/lib/toast';
import { sendPasswordResetEmail } from '@/lib/auth/api';
import { AuthCard, useCaptcha } from '../components/AuthCard';
import { forgotPasswordSchema } from '../schemas';

const backToLogin = (
  <Link to="/login" className="font-medium text-primary underline underline-offset-4">
    Back to login
  </Link>
);

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useZodForm(forgotPasswordSchema, { email: '' });
  const { errors, isSubmitting } = form.formState;
  const captcha = useCaptcha();
  const [viewChanged, setViewChanged] = useState(false);

  // The heading changes with the view; moving focus to it tells screen reader users what happened.
  useEffect(() => {
    if (viewChanged) headingRef.current?.focus();
  }, [sentTo, viewChanged]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const captchaToken = await captcha.token();
    if (captchaToken === null) return;
    const error = await sendPasswordResetEmail(email, captchaToken);
    captcha.reset();
    if (error) {
      toast.error('Reset password failed', error.message);
      return;
    }
    toast.success('Reset link sent!');
    setViewChanged(true);
    setSentTo(email);
  });

  if (sentTo !== null) {
    return (
      <AuthCard
        heading="Check Your Email"
        headingRef={headingRef}
        intro={
          <>
            If an account exists for <strong className="break-all text-foreground">{sentTo}</strong>
            , we have sent it a link to set a new password. The link works once.
          </>
        }
        footer={<p>{backToLogin}</p>}
      >
        <p className="text-sm text-muted-foreground">
          Nothing arrived? Check your spam folder, or send the link again.
        </p>
        <Button
          type="button"
          variant="outline"
          className="mt-4 w-full"
          onClick={() => {
            setViewChanged(true);
            setSentTo(null);
          }}
        >
          Try Again
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      heading={accountPages.forgotPassword.heading}
      headingRef={headingRef}
      intro={accountPages.forgotPassword.intro}
      footer={<p>{backToLogin}</p>}
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
        {...captcha.formProps}
      >
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
          )}
        </FormField>
        <SubmitButton busy={isSubmitting} busyLabel="Sending...">
          Send reset link
        </SubmitButton>
        {/* Under the button, so the widget appearing never moves the button being pressed. */}
        {captcha.widget}
      </form>
    </AuthCard>
  );
}
