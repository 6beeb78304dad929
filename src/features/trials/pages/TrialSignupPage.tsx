import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/lib/links';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { trialPages, trialSignupPrivacy } from '@/content/trialPages';
import { trialCopy } from '@/content/trial';
import { DelayedLoading } from '@/components/feedback/DelayedLoading';
import { signInNeedsCode, signInWithPassword } from '@/lib/auth/api';
import { awaitingSignInCode } from '@/lib/auth/assurance';
import { useAuth } from '@/lib/auth/AuthProvider';
import { getAuthState } from '@/lib/auth/authStore';
import { AccountFields } from '@/features/auth/components/AccountFields';
import { AuthCard, useCaptcha } from '@/features/auth/components/AuthCard';
import { ExternalSignInButtons, OrDivider } from '@/features/auth/components/ExternalSignInButtons';
import { loginSchema } from '@/features/auth/schemas';
import { toast } from '@/lib/toast';

// The dialog library loads when the request has gone through, not with the form.
const TrialThankYouDialog = lazy(() =>
  import('../components/TrialThankYouDialog').then((module) => ({
    default: module.TrialThankYouDialog,
  })),
);
// Only users with an authenticator app see the code step.
const SignInCodeStep = lazy(() => import('@/features/auth/components/SignInCodeStep'));

const { toasts, signup: copy } = trialCopy;

/**
 * /trial-signup: sign in and request the trial in one step (SPEC.md section 4, "Trial signup
 * flow"). A user who is already signed in requests it with one button. Either way the
 * confirmation dialog follows, and closing it goes to /training-library.
 */
export default function TrialSignupPage() {
  const auth = useAuth();
  const { user } = auth;
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [requesting, setRequesting] = useState(false);
  // The password was right and the account has an authenticator app: the trial is requested once
  // the code is, without a second press.
  const requestAfterCode = useRef(false);

  const requestFor = useCallback(async (userId: string) => {
    // This page is outside the portal's query provider and its first view is a form: the query
    // cache and the request's own modules load with the request (the signed-in header loads the
    // same modules), which keeps the first view in its budget.
    const [{ runMutation }, { requestTrialMutation }, { announceTrialRequest }] = await Promise.all(
      [import('@/lib/queryClient'), import('../trialRequest'), import('../trialRequestMessages')],
    );
    const request = runMutation(requestTrialMutation(), { userId });
    if (await announceTrialRequest(request, 'signup-form')) setConfirming(true);
  }, []);

  useEffect(() => {
    if (!requestAfterCode.current || !user || auth.aal?.current !== 'aal2') return;
    requestAfterCode.current = false;
    void requestFor(user.id);
  }, [user, auth.aal, requestFor]);

  if (awaitingSignInCode(auth)) {
    return (
      <Suspense fallback={<DelayedLoading />}>
        <SignInCodeStep />
      </Suspense>
    );
  }

  return (
    <AuthCard
      heading={trialPages.trialSignup.heading}
      intro={trialPages.trialSignup.intro}
      footer={
        <p>
          {copy.signUpPrompt}{' '}
          <Link to="/signup" className="font-medium text-primary underline underline-offset-4">
            {copy.signUpLink}
          </Link>
        </p>
      }
    >
      {user && auth.aalLoading ? (
        <DelayedLoading />
      ) : user ? (
        <div className="space-y-5">
          <p>
            {copy.signedInAs}{' '}
            <strong className="inline-block max-w-full [overflow-wrap:anywhere]">
              {user.email}
            </strong>
            . {copy.signedInHint}
          </p>
          <Button
            type="button"
            className="w-full"
            disabled={requesting}
            onClick={() => {
              setRequesting(true);
              void requestFor(user.id).finally(() => setRequesting(false));
            }}
          >
            {requesting ? copy.submitting : copy.submit}
          </Button>
        </div>
      ) : (
        <>
          <TrialSignupForm
            onSignedIn={requestFor}
            onCodeNeeded={() => {
              requestAfterCode.current = true;
            }}
          />
          <OrDivider />
          {/*
           * Google or Microsoft brings the user back here signed in, to the one-button request above
           * with the account's address shown: the trial is asked for knowingly, never on arrival.
           * The code step, for an account with an authenticator app, shows here first.
           */}
          <ExternalSignInButtons verb="Sign up" returnPath="/trial-signup" />
        </>
      )}
      {confirming ? (
        <Suspense fallback={null}>
          <TrialThankYouDialog open onClose={() => void navigate('/training-library')}>
            <Link
              to="/trial-signup/confirmation"
              className="font-medium text-primary underline underline-offset-4"
            >
              {trialCopy.thankYou.detailsLink}
            </Link>
          </TrialThankYouDialog>
        </Suspense>
      ) : null}
    </AuthCard>
  );
}

function TrialSignupForm({
  onSignedIn,
  onCodeNeeded,
}: {
  onSignedIn: (userId: string) => Promise<void>;
  onCodeNeeded: () => void;
}) {
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const { errors, isSubmitting } = form.formState;
  const captcha = useCaptcha();

  const onSubmit = form.handleSubmit(
    async ({ email, password }) => {
      const captchaToken = await captcha.token();
      if (captchaToken === null) return;
      const error = await signInWithPassword(email, password, captchaToken);
      captcha.reset();
      if (error) {
        toast.error(toasts.loginFailed.title, error.message || toasts.loginFailed.fallback);
        return;
      }
      const userId = getAuthState().user?.id;
      if (!userId) {
        toast.error(toasts.noUser.title);
        return;
      }
      if (await signInNeedsCode()) onCodeNeeded();
      else await onSignedIn(userId);
    },
    (invalid) => {
      // The first message in the form's order (SPEC.md section 5).
      const first = invalid.email?.message ?? invalid.password?.message;
      toast.error(toasts.validation.title, first);
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5"
      {...captcha.formProps}
    >
      <AccountFields
        register={form.register}
        errors={errors}
        passwordAutoComplete="current-password"
      />
      <PrivacyLine purpose={trialSignupPrivacy} />
      <SubmitButton busy={isSubmitting} busyLabel={copy.submitting}>
        {copy.submit}
      </SubmitButton>
      {/* Under the button, so the widget appearing never moves the button being pressed. */}
      {captcha.widget}
    </form>
  );
}
