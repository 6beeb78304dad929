import { useId, useState } from 'react';
import { FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { unlockCopy as copy } from '@/content/trainingAccess';
import { useInteractive } from '@/lib/useInteractive';
import { useUnlockModule } from '../hooks';
import { unlockSchema } from '../schemas';

/**
 * The unlock form: one field for an active trial's password or an organisation's access code; the
 * form, then checking ('Checking...'), then unlocked ('Unlocked ✓', field and button disabled for
 * good). A refusal is shown above the button, in the server's words where it gave a reason beyond a
 * wrong password, and keeps what was typed.
 */
export function UnlockForm({
  slug,
  initialFailure,
  unlocked,
  onUnlocked,
}: {
  slug: string;
  /** A refusal to show from the start (?error=badpass). */
  initialFailure?: string;
  unlocked: boolean;
  onUnlocked: () => void;
}) {
  const titleId = useId();
  const form = useZodForm(unlockSchema, { password: '' });
  const { errors, isSubmitting } = form.formState;
  const interactive = useInteractive();
  const [failure, setFailure] = useState(initialFailure);
  const unlockModule = useUnlockModule();

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(undefined);
    const result = await unlockModule(slug, password);
    if (result.outcome === 'unlocked') onUnlocked();
    else setFailure(result.message);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={titleId}
      className="space-y-5 rounded-xl border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id={titleId} className="text-xl font-semibold text-brand-ink">
        {copy.formTitle}
      </h2>
      {/* Shown as typed: a shared trial password or an organisation's code is read off a page or an
          e-mail, not a secret of the person typing it, and a mistyped character is easier to see
          than to guess. */}
      <FormField
        label={copy.passwordLabel}
        hint={copy.passwordHint}
        error={errors.password?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            {...form.register('password')}
            disabled={unlocked}
          />
        )}
      </FormField>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting || unlocked || !interactive}>
        {unlocked ? copy.unlockedLabel : isSubmitting ? copy.checkingLabel : copy.submitLabel}
      </Button>
    </form>
  );
}
