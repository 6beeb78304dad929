import { useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { FormDialogFooter } from '@/components/form/FormDialog';
import { FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { organisationForm as copy, organisationKindLabels } from '@/content/organisationsAdmin';
import { serverMessage } from '@/lib/serverMessage';
import type { AdminOrganisation, CreatedOrganisation } from '../adminApi';
import { useCreateOrganisation, useUpdateOrganisation } from '../adminHooks';
import {
  emptyOrganisation,
  newOrganisationSchema,
  organisationKinds,
  organisationSchema,
  organisationValues,
  toNewManager,
  toOrganisationDetails,
  type InviteManagerValues,
  type OrganisationKind,
  type OrganisationValues,
} from '../adminSchemas';
import { AdminManagerFields } from './AdminManagerFields';

const kindLabels: Record<OrganisationKind, string> = organisationKindLabels;

/** The organisation's own fields: name, kind, seats and term. */
function OrganisationFields({
  register,
  errors,
  termStartsOn,
}: {
  register: (name: keyof OrganisationValues) => UseFormRegisterReturn;
  errors: FieldErrors<OrganisationValues>;
  /** The first day as typed: the last day's picker starts from it. */
  termStartsOn: string;
}) {
  return (
    <>
      <FormField label={copy.nameLabel} error={errors.name?.message}>
        {(field) => <Input {...field} autoComplete="organization" {...register('name')} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={copy.kindLabel} error={errors.kind?.message}>
          {(field) => (
            <NativeSelect {...field} className="w-full" {...register('kind')}>
              <option value="" disabled>
                {copy.kindPlaceholder}
              </option>
              {organisationKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabels[kind]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={copy.seatsLabel} hint={copy.seatsHint} error={errors.seats?.message}>
          {(field) => (
            <Input {...field} inputMode="numeric" autoComplete="off" {...register('seats')} />
          )}
        </FormField>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium leading-none">{copy.termLegend}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={copy.startsLabel} error={errors.termStartsOn?.message}>
            {(field) => <Input {...field} type="date" {...register('termStartsOn')} />}
          </FormField>
          <FormField label={copy.endsLabel} error={errors.termEndsOn?.message}>
            {(field) => (
              <Input
                {...field}
                type="date"
                min={termStartsOn || undefined}
                {...register('termEndsOn')}
              />
            )}
          </FormField>
        </div>
      </fieldset>
    </>
  );
}

/**
 * A new organisation and its first manager. A refused organisation keeps the dialog open with the
 * server's message and everything typed; once created, a manager not invited goes to
 * `onNotInvited` (with what was typed for them), else the dialog closes.
 */
export function NewOrganisationForm({
  onCreated,
  onNotInvited,
}: {
  onCreated: () => void;
  onNotInvited: (
    organisation: CreatedOrganisation,
    manager: InviteManagerValues,
    reason: string,
  ) => void;
}) {
  const form = useZodForm(newOrganisationSchema, emptyOrganisation());
  const { errors, isSubmitting } = form.formState;
  const termStartsOn = useWatch({ control: form.control, name: 'termStartsOn' });
  const create = useCreateOrganisation();

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome = await create(toOrganisationDetails(values), toNewManager(values));
    switch (outcome.status) {
      case 'refused':
        form.setError('root.server', {
          message: serverMessage(outcome.error) ?? copy.errors.createFailed,
        });
        return;
      case 'invited':
        onCreated();
        return;
      case 'notInvited':
        onNotInvited(
          outcome.organisation,
          { managerEmail: values.managerEmail, managerName: values.managerName },
          outcome.reason,
        );
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.createTitle}</DialogTitle>
        <DialogDescription>{copy.createDescription}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <OrganisationFields register={form.register} errors={errors} termStartsOn={termStartsOn} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium leading-none">{copy.managerLegend}</legend>
          <p className="text-sm text-muted-foreground">{copy.managerHint}</p>
          <AdminManagerFields
            register={form.register}
            errors={errors}
            copy={{ emailLabel: copy.emailLabel, nameLabel: copy.managerNameLabel }}
          />
        </fieldset>
        <FormDialogFooter
          serverError={errors.root?.server?.message}
          cancelLabel={copy.cancel}
          submitLabel={copy.create}
          busyLabel={copy.creating}
          busy={isSubmitting}
        />
      </form>
    </>
  );
}

/** An organisation's details, changed; a refusal keeps the dialog open with what was typed. */
export function EditOrganisationForm({
  organisation,
  onSaved,
}: {
  organisation: AdminOrganisation;
  onSaved: () => void;
}) {
  const form = useZodForm(organisationSchema, organisationValues(organisation));
  const { errors, isSubmitting } = form.formState;
  const termStartsOn = useWatch({ control: form.control, name: 'termStartsOn' });
  const update = useUpdateOrganisation();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update({ organisationId: organisation.id, details: toOrganisationDetails(values) });
      onSaved();
    } catch (error) {
      form.setError('root.server', { message: serverMessage(error) ?? copy.errors.saveFailed });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.editTitle(organisation.name)}</DialogTitle>
        <DialogDescription>{copy.editDescription}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <OrganisationFields register={form.register} errors={errors} termStartsOn={termStartsOn} />
        <FormDialogFooter
          serverError={errors.root?.server?.message}
          cancelLabel={copy.cancel}
          submitLabel={copy.save}
          busyLabel={copy.saving}
          busy={isSubmitting}
        />
      </form>
    </>
  );
}
