import { useId, useRef, useState } from 'react';
import { FormDialogFooter, RecordDialog } from '@/components/form/FormDialog';
import { FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { cohortsPanel as copy } from '@/content/organisation';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import { toastWriteFailure } from '@/lib/writeFailureToast';
import type { Cohort } from '../api';
import {
  useCohorts,
  useCreateCohort,
  useDeleteCohort,
  useRenameCohort,
  type OrganisationScope,
} from '../hooks';
import { cohortSchema } from '../schemas';
import { ConfirmDialog } from './ConfirmDialog';
import { PanelHeading, PanelState } from './PanelState';

/** The organisation's cohorts with their members: a new one made, one renamed or deleted. */
export function CohortsPanel({ scope }: { scope: OrganisationScope }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const cohorts = useCohorts(scope);
  const remove = useDeleteCohort(scope);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Cohort | null>(null);
  const renaming = cohorts.data?.find((cohort) => cohort.id === renamingId) ?? null;

  const confirmDelete = () => {
    const cohort = deleting;
    if (!cohort) return;
    remove.mutate(cohort.id, {
      onSuccess: () => toast.success(copy.deleted(cohort.name)),
      onError: (error) => toastWriteFailure(error, copy.deleteFailed),
    });
  };

  const columns: TableColumn<Cohort>[] = [
    { header: copy.columns.name, rowHeader: true, cell: (cohort) => cohort.name },
    {
      header: copy.columns.members,
      className: 'tabular-nums',
      cell: (cohort) => copy.members(cohort.members),
    },
    {
      header: copy.columns.actions,
      actions: true,
      cell: (cohort) => (
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={copy.renameLabel(cohort.name)}
            onClick={() => setRenamingId(cohort.id)}
          >
            {copy.rename}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={copy.deleteLabel(cohort.name)}
            onClick={() => setDeleting(cohort)}
          >
            {copy.delete}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <PanelHeading id={headingId} ref={heading} copy={copy} />
      <CreateCohortForm scope={scope} />
      {cohorts.data && cohorts.data.length > 0 ? (
        <ScrollTable
          caption={copy.caption}
          columns={columns}
          rows={cohorts.data}
          rowKey={(cohort) => cohort.id}
        />
      ) : null}
      {cohorts.data?.length === 0 ? (
        <p className="rounded-lg border px-4 py-8 text-center text-muted-foreground">
          {copy.empty}
        </p>
      ) : null}
      <PanelState
        pending={cohorts.isPending}
        failed={cohorts.isError && !cohorts.data}
        copy={copy}
      />
      <RecordDialog record={renaming} onClose={() => setRenamingId(null)}>
        {(cohort) => (
          <RenameCohortForm scope={scope} cohort={cohort} onDone={() => setRenamingId(null)} />
        )}
      </RecordDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={copy.deleteConfirm.title(deleting?.name ?? '')}
        description={copy.deleteConfirm.description}
        confirmLabel={copy.deleteConfirm.confirm}
        afterConfirm={heading}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

function CreateCohortForm({ scope }: { scope: OrganisationScope }) {
  const form = useZodForm(cohortSchema, { name: '' });
  const create = useCreateCohort(scope);
  const { errors, isSubmitting } = form.formState;
  const headingId = useId();

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const created = await create.mutateAsync(name);
      toast.success(copy.created(created.name));
      form.reset({ name: '' });
    } catch (error) {
      // The name stays in the field, with the server's reason (a cohort of that name exists).
      form.setError('name', { message: serverMessage(error) ?? copy.errors.failed });
    }
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3 rounded-lg border p-4"
    >
      <h3 id={headingId} className="font-semibold">
        {copy.createHeading}
      </h3>
      <div className="flex flex-wrap items-start gap-3">
        <FormField
          label={copy.nameLabel}
          hint={copy.nameHint}
          error={errors.name?.message}
          className="min-w-0 flex-1 basis-60"
        >
          {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
          {isSubmitting ? copy.creating : copy.create}
        </Button>
      </div>
    </form>
  );
}

function RenameCohortForm({
  scope,
  cohort,
  onDone,
}: {
  scope: OrganisationScope;
  cohort: Cohort;
  onDone: () => void;
}) {
  const form = useZodForm(cohortSchema, { name: cohort.name });
  const rename = useRenameCohort(scope);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const renamed = await rename.mutateAsync({ cohortId: cohort.id, name });
      toast.success(copy.renamed(renamed.name));
      onDone();
    } catch (error) {
      form.setError('root.server', { message: serverMessage(error) ?? copy.errors.failed });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.renameTitle(cohort.name)}</DialogTitle>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <FormField label={copy.nameLabel} hint={copy.nameHint} error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
        </FormField>
        <FormDialogFooter
          serverError={errors.root?.server?.message}
          cancelLabel={copy.cancel}
          submitLabel={copy.renameSave}
          busyLabel={copy.renaming}
          busy={isSubmitting}
        />
      </form>
    </>
  );
}
