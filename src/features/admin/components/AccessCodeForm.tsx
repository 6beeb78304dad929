import { useId } from 'react';
import { FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { accessCodeForm as copy } from '@/content/accessCodes';
import { moduleSlugs, modules } from '@/content/modules';
import { Link } from '@/lib/links';
import { accessCodeSchema, emptyAccessCode, londonDate, toNewAccessCode } from '../schemas';
import type { IssuedAccessCode, OrganisationChoice } from '../api';
import { useCreateAccessCode, useOrganisationChoices } from '../hooks';

const unlockable = moduleSlugs.filter((slug) => modules[slug].unlockable);

/** What the organisation field says under its choice: why there is nothing to choose, if so. */
function organisationHint(choices: OrganisationChoice[] | undefined, failed: boolean) {
  if (failed && !choices)
    return <span className="text-destructive">{copy.organisationsFailed}</span>;
  if (choices?.length !== 0) return undefined;
  return (
    <>
      {copy.noOrganisations}{' '}
      <Link to="/admin/organisations" className="font-medium text-primary underline">
        {copy.createOrganisationFirst}
      </Link>
    </>
  );
}

/**
 * Issues a code: its organisation (one made on /admin/organisations), and optionally a last day, a
 * seat limit and the modules it opens. The new code goes to `onIssued` (the page shows it once) and
 * the form empties; a refusal keeps every field.
 */
export function AccessCodeForm({ onIssued }: { onIssued: (code: IssuedAccessCode) => void }) {
  const titleId = useId();
  const modulesHintId = useId();
  const form = useZodForm(accessCodeSchema, emptyAccessCode);
  const { errors, isSubmitting } = form.formState;
  const { issue } = useCreateAccessCode();
  const {
    data: choices,
    isPending: choicesPending,
    isError: choicesFailed,
  } = useOrganisationChoices();

  const onSubmit = form.handleSubmit(async (values) => {
    const issued = await issue(toNewAccessCode(values));
    if (!issued) return;
    form.reset(emptyAccessCode);
    onIssued(issued);
  });

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
      <div className="grid gap-5 md:grid-cols-3">
        <FormField
          label={copy.organisationLabel}
          hint={organisationHint(choices, choicesFailed)}
          error={errors.organisationId?.message}
        >
          {(control) => (
            <NativeSelect {...control} className="w-full" {...form.register('organisationId')}>
              <option value="">
                {choicesPending ? copy.organisationsLoading : copy.organisationPlaceholder}
              </option>
              {choices?.map((organisation) => (
                <option key={organisation.id} value={organisation.id}>
                  {organisation.status === 'ended'
                    ? copy.endedOrganisation(organisation.name)
                    : organisation.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={copy.expiryLabel} hint={copy.expiryHint} error={errors.lastDay?.message}>
          {(control) => (
            <Input {...control} type="date" min={londonDate()} {...form.register('lastDay')} />
          )}
        </FormField>
        <FormField
          label={copy.seatLimitLabel}
          hint={copy.seatLimitHint}
          error={errors.seatLimit?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...form.register('seatLimit')}
            />
          )}
        </FormField>
      </div>
      <fieldset aria-describedby={modulesHintId} className="space-y-3">
        <legend className="text-sm font-medium leading-none">{copy.modulesLegend}</legend>
        <p id={modulesHintId} className="text-sm text-muted-foreground">
          {copy.modulesHint}
        </p>
        <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {unlockable.map((slug) => (
            <label
              key={slug}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1 text-sm"
            >
              <input
                type="checkbox"
                value={slug}
                className="h-5 w-5 shrink-0 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                {...form.register('modules')}
              />
              {modules[slug].title}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? copy.busyLabel : copy.submitLabel}
      </Button>
    </form>
  );
}
