import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/lib/links';
import { DelayedLoading } from '@/components/feedback/DelayedLoading';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { accountPages } from '@/content/accountPages';
import { toast } from '@/lib/toast';
import { signInNeedsCode, signInWithPassword } from '@/lib/auth/api';
import { useAuth } from '@/lib/auth/AuthProvider';
import { awaitingSignInCode } from '@/lib/auth/assurance';
import { AccountFields } from '../components/AccountFields';
import { AuthCard, useCaptcha } from '../components/AuthCard';
import { ExternalSignInButtons, OrDivider } from '../components/ExternalSignInButtons';
import { loginPathReturningTo, safeReturnTo } from '@/lib/auth/returnTo';
import { loginSchema } from '../schemas';

// Only users with an authenticator app see the code step, so it stays out of the page's first view.
const loadCodeStep = () => import('../components/SignInCodeStep');
const SignInCodeStep = lazy(loadCodeStep);

export default function LoginPage() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('return_to'));
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const { errors, isSubmitting } = form.formState;
  const captcha = useCaptcha();

  // The password was right and the account has an authenticator app: its code comes next, on this
  // page, with return_to kept.
  if (awaitingSignInCode(auth)) {
    return (
      <Suspense fallback={<DelayedLoading />}>
        <SignInCodeStep />
      </Suspense>
    );
  }
  // Signed in already, or just now (with the code, where one is needed): on to the destination.
  if (auth.user && !auth.aalLoading) return <Navigate replace to={returnTo} />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    // Fetched while the password is checked, so the code step (when needed) shows at once; a failed
    // fetch is reported when the step renders.
    loadCodeStep().catch(() => undefined);
    const captchaToken = await captcha.token();
    if (captchaToken === null) return;
    const error = await signInWithPassword(email, password, captchaToken);
    captcha.reset();
    if (error) toast.error('Sign in failed', error.message);
    else if (!(await signInNeedsCode())) toast.success('Signed in successfully!');
  });

  return (
    <AuthCard
      heading={accountPages.login.heading}
      intro={accountPages.login.intro}
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-medium text-primary underline underline-offset-4">
            Sign up
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
        <AccountFields
          register={form.register}
          errors={errors}
          passwordAutoComplete="current-password"
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-primary underline underline-offset-4"
          >
            Forgot password?
          </Link>
        </div>
        {/* Signed in, still finding out whether a code is needed: busy until the page moves on. */}
        <SubmitButton busy={isSubmitting || auth.user !== null} busyLabel="Signing in...">
          Sign in
        </SubmitButton>
        {/* Under the button, so the widget appearing never moves the button being pressed. */}
        {captcha.widget}
      </form>
      <OrDivider />
      {/* Back to this page, which moves on to return_to (or asks for the authenticator code). */}
      <ExternalSignInButtons verb="Sign in" returnPath={loginPathReturningTo(returnTo)} />
    </AuthCard>
  );
}
