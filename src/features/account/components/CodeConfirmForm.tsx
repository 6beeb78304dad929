import { useEffect } from 'react';
import { FormField } from '@/components/form/FormField';
import { OneTimeCodeInput } from '@/components/form/OneTimeCodeInput';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { oneTimeCodeCopy } from '@/content/twoFactor';
import { oneTimeCodeSchema } from '@/lib/auth/oneTimeCode';
import type { CodeOutcome } from '../api';

/**
 * A code from the authenticator app, to confirm an action with. A code the backend does not accept
 * is shown under the field, which keeps what was typed; other failures are the caller's to show.
 */
export function CodeConfirmForm({
  label,
  submitLabel,
  busyLabel,
  cancelLabel,
  destructive = false,
  focusOnMount = false,
  onConfirm,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  busyLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  focusOnMount?: boolean;
  onConfirm: (code: string) => Promise<CodeOutcome | 'failed'>;
  onCancel: () => void;
}) {
  const form = useZodForm(oneTimeCodeSchema, { code: '' });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;

  useEffect(() => {
    if (focusOnMount) setFocus('code');
  }, [focusOnMount, setFocus]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if ((await onConfirm(code)) === 'wrong-code') {
      form.setError('code', { message: oneTimeCodeCopy.wrongCode }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <FormField label={label} error={errors.code?.message}>
        {(control) => <OneTimeCodeInput {...control} {...form.register('code')} />}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'default'}
          disabled={isSubmitting}
        >
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" disabled={isSubmitting} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  );
}
