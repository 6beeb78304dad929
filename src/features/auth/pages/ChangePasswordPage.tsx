import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { FormField } from '@/components/form/FormField';
import { PasswordInput } from '@/components/form/PasswordInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useZodForm } from '@/components/form/useZodForm';
import { accountPages } from '@/content/accountPages';
import { toast } from '@/lib/toast';
import { changePassword } from '@/lib/auth/api';
import { useAuth } from '@/lib/auth/AuthProvider';
import { AuthCard } from '../components/AuthCard';
import { PasswordChecklist } from '../components/PasswordChecklist';
import { newPasswordSchema } from '../schemas';

/**
 * The set-new-password screen: reached from the reset e-mail's link (a recovery session) or by a
 * signed-in user. The route's guard sends anyone else to the login page.
 */
export default function ChangePasswordPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const checklistId = useId();
  const form = useZodForm(newPasswordSchema, { password: '', confirmPassword: '' });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async (values) => {
    const error = await changePassword(values.password);
    if (error) {
      toast.error('Update password failed', error.message);
      return;
    }
    void navigate('/login');
    toast.success('Password changed successfully!', 'Sign in with your new password.');
  });

  return (
    <AuthCard
      heading={accountPages.changePassword.heading}
      intro={
        user?.email ? (
          <>
            Choose a new password for{' '}
            <strong className="inline-block max-w-full text-foreground [overflow-wrap:anywhere]">
              {user.email}
            </strong>
            .
          </>
        ) : (
          accountPages.changePassword.intro
        )
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <FormField label="New password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              aria-describedby={[control['aria-describedby'], checklistId]
                .filter(Boolean)
                .join(' ')}
              autoComplete="new-password"
              {...form.register('password')}
            />
          )}
        </FormField>
        <PasswordChecklist id={checklistId} password={password} />
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        <SubmitButton busy={isSubmitting} busyLabel="Updating...">
          Update password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
