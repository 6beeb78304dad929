import { useId } from 'react';
import { FieldError, FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { lrsClientForm as copy } from '@/content/integrations';
import { lrsScopes, type LrsScope } from '../lrsClientLimits';
import { emptyLrsClient, lrsClientSchema, toNewLrsClient } from '../schemas';
import type { IssuedLrsClient } from '../api';
import { useCreateLrsClient } from '../hooks';

// Every scope has its help text: the type fails when a scope is added without one.
const scopeHelp: Record<LrsScope, string> = copy.scopes;

/**
 * Creates an LRS client: a name and the xAPI scopes it is granted. The new client and its secret go
 * to `onCreated` (the page shows the secret once) and the form empties; a refusal keeps every field.
 */
export function LrsClientForm({ onCreated }: { onCreated: (issued: IssuedLrsClient) => void }) {
  const titleId = useId();
  const scopesId = useId();
  const scopesHintId = `${scopesId}-hint`;
  const scopesErrorId = `${scopesId}-error`;
  const form = useZodForm(lrsClientSchema, emptyLrsClient);
  const { errors, isSubmitting } = form.formState;
  const { create } = useCreateLrsClient();
  // Registered here, before the scopes: a refused form focuses the first field registered in error.
  const nameField = form.register('name');

  const onSubmit = form.handleSubmit(async (values) => {
    const issued = await create(toNewLrsClient(values));
    if (!issued) return;
    form.reset(emptyLrsClient);
    onCreated(issued);
  });

  const scopesError = errors.scopes?.message;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={titleId}
      className="space-y-6 rounded-xl border bg-card p-6 shadow-sm sm:p-8"
    >
      <h2 id={titleId} className="text-xl font-semibold text-brand-ink">
        {copy.title}
      </h2>
      <FormField
        label={copy.nameLabel}
        hint={copy.nameHint}
        error={errors.name?.message}
        className="max-w-xl"
      >
        {(control) => <Input {...control} autoComplete="off" {...nameField} />}
      </FormField>
      <fieldset
        aria-describedby={scopesError ? `${scopesHintId} ${scopesErrorId}` : scopesHintId}
        className="space-y-3"
      >
        <legend className="text-sm font-medium leading-none">{copy.scopesLegend}</legend>
        <p id={scopesHintId} className="text-sm text-muted-foreground">
          {copy.scopesHint}
        </p>
        <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {lrsScopes.map((scope) => (
            <div key={scope}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-sm">
                <input
                  type="checkbox"
                  value={scope}
                  aria-describedby={`${scopesId}-${scope}`}
                  aria-invalid={scopesError ? true : undefined}
                  className="h-5 w-5 shrink-0 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                  {...form.register('scopes')}
                />
                <span className="font-mono font-medium" translate="no">
                  {scope}
                </span>
              </label>
              {/* Outside the label: the scope's name is the checkbox's name, this describes it. */}
              <p
                id={`${scopesId}-${scope}`}
                className="-mt-2 pb-1 pl-9 text-sm text-muted-foreground"
              >
                {scopeHelp[scope]}
              </p>
            </div>
          ))}
        </div>
        {scopesError ? <FieldError id={scopesErrorId}>{scopesError}</FieldError> : null}
      </fieldset>
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? copy.busyLabel : copy.submitLabel}
      </Button>
    </form>
  );
}
