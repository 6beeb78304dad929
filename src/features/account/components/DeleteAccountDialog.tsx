import { useId, useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { FieldError, FormField } from '@/components/form/FormField';
import { OneTimeCodeInput } from '@/components/form/OneTimeCodeInput';
import { PasswordInput } from '@/components/form/PasswordInput';
import { useZodForm } from '@/components/form/useZodForm';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { deleteAccount } from '@/content/account';
import { oneTimeCodeCopy } from '@/content/twoFactor';
import { signInWithPassword, signInWithProvider, verifySignInCode } from '@/lib/auth/api';
import { externalProviderNames } from '@/lib/auth/externalProviders';
import { oneTimeCodeSchema } from '@/lib/auth/oneTimeCode';
import { isWrongCode } from '@/lib/auth/wrongCode';
import { useCaptcha } from '@/lib/captcha/useCaptcha';
import { toast } from '@/lib/toast';
import { deleteMyAccount, reauthenticationNeeded } from '../api';
import type { IdentityProof } from '../dataRights';

const copy = deleteAccount.dialog;

/** Where the provider sends the user back to: /account, with this dialog open again. */
const returnAfterSignIn = `/account?${deleteAccount.returnParameter}=confirm`;

/** GoTrue's words for a wrong password: shown under the password field rather than above. */
const invalidCredentials = 'Invalid login credentials';

const formSchema = z.object({
  confirmation: z.string(),
  code: z.string(),
  password: z.string(),
});

/** The typed confirmation: the word, or the account's own address (in any case). */
export function confirmsDeletion(typed: string, email: string | undefined): boolean {
  const value = typed.trim();
  return value === copy.confirmWord || (!!email && value.toLowerCase() === email.toLowerCase());
}

/**
 * 'Delete my account': what goes and what stays, the typed confirmation, then a fresh proof of
 * identity (`proof`; null while it is being found out), then the deletion. Every refusal shows in
 * the dialog, which stays open with what was typed.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  user,
  proof,
  proofProblem,
  onRetryProof,
  returnedFromProvider,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User;
  proof: IdentityProof | null;
  /** The proof could not be found out (the assurance lookup failed). */
  proofProblem?: boolean;
  onRetryProof?: () => void;
  /** Back from signing in again with the provider: the deletion may go ahead at once. */
  returnedFromProvider: boolean;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="max-w-xl">
        <AlertDialogHeader>
          <AlertDialogTitle>{copy.title}</AlertDialogTitle>
          <AlertDialogDescription>{copy.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {copy.removes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">{copy.keeps}</p>
        {proof ? (
          <DeletionForm user={user} proof={proof} returnedFromProvider={returnedFromProvider} />
        ) : proofProblem ? (
          <div className="space-y-3">
            <p role="alert" className="text-sm font-medium text-destructive">
              {copy.proofFailed}
            </p>
            <AlertDialogFooter>
              <AlertDialogCancel>{copy.cancel}</AlertDialogCancel>
              <Button type="button" variant="outline" onClick={onRetryProof}>
                {copy.retry}
              </Button>
            </AlertDialogFooter>
          </div>
        ) : (
          <>
            <p role="status" className="text-sm text-muted-foreground">
              {copy.loadingProof}
            </p>
            <AlertDialogFooter>
              <AlertDialogCancel>{copy.cancel}</AlertDialogCancel>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function DeletionForm({
  user,
  proof,
  returnedFromProvider,
}: {
  user: User;
  proof: IdentityProof;
  returnedFromProvider: boolean;
}) {
  const navigate = useNavigate();
  const serverErrorId = useId();
  const form = useZodForm(formSchema, { confirmation: '', code: '', password: '' });
  const { errors, isSubmitting } = form.formState;
  const captcha = useCaptcha();
  const [serverError, setServerError] = useState<string | null>(null);
  // A sign-in with the provider that the function finds too old: the way to a new one shows again.
  const [providerFresh, setProviderFresh] = useState(returnedFromProvider);
  const [leaving, setLeaving] = useState(false);
  const confirmed = confirmsDeletion(form.watch('confirmation'), user.email);
  const providerName = proof.kind === 'provider' ? externalProviderNames[proof.provider] : '';
  const signInFirst = proof.kind === 'provider' && !providerFresh;

  const deleteNow = async () => {
    const result = await deleteMyAccount();
    if (result.deleted) {
      void navigate('/');
      toast.success(deleteAccount.deleted);
      return;
    }
    setServerError(result.message ?? deleteAccount.failed);
    if (result.code === reauthenticationNeeded) setProviderFresh(false);
  };

  /** The proof of identity: true when it was given, else what went wrong is shown. */
  const prove = async (values: z.output<typeof formSchema>): Promise<boolean> => {
    if (proof.kind === 'code') {
      const parsed = oneTimeCodeSchema.safeParse({ code: values.code });
      if (!parsed.success) {
        form.setError(
          'code',
          { message: parsed.error.issues[0]?.message ?? oneTimeCodeCopy.wrongCode },
          { shouldFocus: true },
        );
        return false;
      }
      const failure = await verifySignInCode(parsed.data.code);
      if (isWrongCode(failure)) {
        form.setError('code', { message: oneTimeCodeCopy.wrongCode }, { shouldFocus: true });
        return false;
      }
      if (failure) setServerError(failure.message);
      return !failure;
    }
    if (proof.kind === 'password') {
      if (values.password === '') {
        form.setError('password', { message: copy.password.required }, { shouldFocus: true });
        return false;
      }
      const captchaToken = await captcha.token();
      if (captchaToken === null) return false;
      const failure = await signInWithPassword(user.email ?? '', values.password, captchaToken);
      captcha.reset();
      if (failure?.message === invalidCredentials) {
        form.setError('password', { message: failure.message }, { shouldFocus: true });
        return false;
      }
      if (failure) setServerError(failure.message);
      return !failure;
    }
    return true;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!confirmsDeletion(values.confirmation, user.email)) return;
    setServerError(null);
    if (proof.kind === 'provider' && signInFirst) {
      setLeaving(true);
      const failure = await signInWithProvider(proof.provider, returnAfterSignIn);
      // Success leaves the page for the provider's sign-in.
      if (failure) {
        setLeaving(false);
        setServerError(failure.message);
      }
      return;
    }
    if (await prove(values)) await deleteNow();
  });

  const busy = isSubmitting || leaving;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      // Only the password sign-in is a public form's, with a captcha.
      {...(proof.kind === 'password' ? captcha.formProps : {})}
    >
      <FormField label={copy.confirmLabel}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register('confirmation')}
          />
        )}
      </FormField>
      {proof.kind === 'code' ? (
        <div className="space-y-3">
          <p className="text-sm">{copy.code.prompt}</p>
          <FormField label={copy.code.label} error={errors.code?.message}>
            {(control) => <OneTimeCodeInput {...control} {...form.register('code')} />}
          </FormField>
        </div>
      ) : proof.kind === 'password' ? (
        <div className="space-y-3">
          <p className="text-sm">{copy.password.prompt}</p>
          <FormField label={copy.password.label} error={errors.password?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                {...form.register('password')}
              />
            )}
          </FormField>
        </div>
      ) : (
        <p className="text-sm">
          {signInFirst ? copy.provider.prompt(providerName) : copy.provider.returned(providerName)}
        </p>
      )}
      {serverError ? (
        <div role="alert">
          <FieldError id={serverErrorId}>{serverError}</FieldError>
        </div>
      ) : null}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={busy}>{copy.cancel}</AlertDialogCancel>
        <Button
          type="submit"
          variant={signInFirst ? 'default' : 'destructive'}
          disabled={!confirmed || busy}
        >
          {signInFirst
            ? leaving
              ? copy.provider.leaving
              : copy.provider.button(providerName)
            : isSubmitting
              ? copy.busy
              : copy.submit}
        </Button>
      </AlertDialogFooter>
      {proof.kind === 'password' ? captcha.widget : null}
    </form>
  );
}
