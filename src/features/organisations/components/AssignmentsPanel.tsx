import { useId, useRef, useState } from 'react';
import { FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { assignmentsPanel as copy } from '@/content/organisation';
import { formatDate } from '@/lib/dates';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import { toastWriteFailure } from '@/lib/writeFailureToast';
import type { Assignment, Cohort } from '../api';
import {
  useAssignments,
  useAssignModule,
  useCohorts,
  useWithdrawAssignment,
  type OrganisationScope,
} from '../hooks';
import { moduleTitle } from '../progressCsv';
import { assignableModules, assignSchema, emptyAssignment, londonDate } from '../schemas';
import { ConfirmDialog } from './ConfirmDialog';
import { PanelHeading, PanelState } from './PanelState';

const assignedTo = (assignment: Assignment) => assignment.cohort_name ?? copy.everyone;

/**
 * What the organisation assigned, soonest due first: a module assigned to everyone or one cohort
 * with a due date (today or later, in London), and an assignment withdrawn after a confirmation.
 */
export function AssignmentsPanel({ scope }: { scope: OrganisationScope }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const assignments = useAssignments(scope);
  const cohorts = useCohorts(scope);
  const withdraw = useWithdrawAssignment(scope);
  const [withdrawing, setWithdrawing] = useState<Assignment | null>(null);

  const confirmWithdraw = () => {
    const assignment = withdrawing;
    if (!assignment) return;
    const title = moduleTitle(assignment.module);
    withdraw.mutate(assignment.id, {
      onSuccess: () => toast.success(copy.withdrawn(title)),
      onError: (error) => toastWriteFailure(error, copy.withdrawFailed),
    });
  };

  const columns: TableColumn<Assignment>[] = [
    {
      header: copy.columns.module,
      rowHeader: true,
      cell: (assignment) => moduleTitle(assignment.module),
    },
    { header: copy.columns.to, cell: assignedTo },
    {
      header: copy.columns.due,
      className: 'whitespace-nowrap',
      cell: (assignment) => formatDate(assignment.due_on),
    },
    {
      header: copy.columns.assigned,
      className: 'whitespace-nowrap',
      cell: (assignment) => formatDate(assignment.created_at),
    },
    {
      header: copy.columns.actions,
      actions: true,
      cell: (assignment) => (
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={copy.withdrawLabel(moduleTitle(assignment.module), assignedTo(assignment))}
          onClick={() => setWithdrawing(assignment)}
        >
          {copy.withdraw}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <PanelHeading id={headingId} ref={heading} copy={copy} />
      <AssignForm scope={scope} cohorts={cohorts.data ?? []} />
      {assignments.data && assignments.data.length > 0 ? (
        <ScrollTable
          caption={copy.caption}
          columns={columns}
          rows={assignments.data}
          rowKey={(assignment) => assignment.id}
        />
      ) : null}
      {assignments.data?.length === 0 ? (
        <p className="rounded-lg border px-4 py-8 text-center text-muted-foreground">
          {copy.empty}
        </p>
      ) : null}
      <PanelState
        pending={assignments.isPending}
        failed={assignments.isError && !assignments.data}
        copy={copy}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => (open ? undefined : setWithdrawing(null))}
        title={copy.withdrawConfirm.title(withdrawing ? moduleTitle(withdrawing.module) : '')}
        description={copy.withdrawConfirm.description(withdrawing ? assignedTo(withdrawing) : '')}
        confirmLabel={copy.withdrawConfirm.confirm}
        afterConfirm={heading}
        onConfirm={confirmWithdraw}
      />
    </section>
  );
}

function AssignForm({ scope, cohorts }: { scope: OrganisationScope; cohorts: readonly Cohort[] }) {
  const form = useZodForm(assignSchema, emptyAssignment);
  const assign = useAssignModule(scope);
  const { errors, isSubmitting } = form.formState;
  const headingId = useId();
  const serverErrorId = useId();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const assigned = await assign.mutateAsync({
        organisationId: scope.organisationId,
        module: values.module,
        dueOn: values.dueOn,
        cohortId: values.cohortId || null,
      });
      toast.success(
        copy.assigned(
          moduleTitle(assigned.module),
          assigned.cohort_name ?? copy.everyone,
          formatDate(assigned.due_on),
        ),
      );
      form.reset(emptyAssignment);
    } catch (error) {
      form.setError('root.server', { message: serverMessage(error) ?? copy.errors.failed });
    }
  });

  const serverError = errors.root?.server?.message;
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4 rounded-lg border p-4"
    >
      <h3 id={headingId} className="font-semibold">
        {copy.formHeading}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={copy.moduleLabel} error={errors.module?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('module')} className="w-full">
              <option value="">{copy.choose}</option>
              {assignableModules.map((slug) => (
                <option key={slug} value={slug}>
                  {moduleTitle(slug)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={copy.toLabel}>
          {(control) => (
            <NativeSelect {...control} {...form.register('cohortId')} className="w-full">
              <option value="">{copy.everyone}</option>
              {cohorts.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohort.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={copy.dueLabel} hint={copy.dueHint} error={errors.dueOn?.message}>
          {(control) => (
            <Input {...control} {...form.register('dueOn')} type="date" min={londonDate()} />
          )}
        </FormField>
      </div>
      {serverError ? (
        <p id={serverErrorId} role="alert" className="text-sm font-medium text-destructive">
          {serverError}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? copy.assigning : copy.assign}
      </Button>
    </form>
  );
}
