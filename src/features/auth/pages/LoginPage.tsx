import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { accountPages } from '@/content/accountPages';
import { toast } from '@/lib/toast';
import { signInWithPassword } from '@/lib/auth/api';
import { useAuth } from '@/lib/auth/AuthProvider';
import { AccountFields } from '../components/AccountFields';
import { AuthCard } from '../components/AuthCard';
import { GoogleButton, OrDivider } from '../components/GoogleButton';
import { safeReturnTo } from '@/lib/auth/returnTo';
import { loginSchema } from '../schemas';

export default function LoginPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('return_to'));
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const { errors, isSubmitting } = form.formState;

  // Signed in already, or just now: on to the destination.
  if (user) return <Navigate replace to={returnTo} />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const error = await signInWithPassword(email, password);
    if (error) toast.error('Sign in failed', error.message);
    else toast.success('Signed in successfully!');
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
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
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
        <SubmitButton busy={isSubmitting} busyLabel="Signing in...">
          Sign in
        </SubmitButton>
      </form>
      <OrDivider />
      <GoogleButton>Sign in with Google</GoogleButton>
    </AuthCard>
  );
}
