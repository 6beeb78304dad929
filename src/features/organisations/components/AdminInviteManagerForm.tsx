import { useEffect } from 'react';
import { FormDialogFooter } from '@/components/form/FormDialog';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { useZodForm } from '@/components/form/useZodForm';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { inviteManagerForm as copy } from '@/content/organisationsAdmin';
import { serverMessage } from '@/lib/serverMessage';
import { invitationResultMessage, useInviteManager } from '../adminHooks';
import {
  emptyManager,
  inviteManagerSchema,
  toNewManager,
  type InviteManagerValues,
} from '../adminSchemas';
import { AdminManagerFields } from './AdminManagerFields';

/**
 * Invites a manager to an organisation. A refusal, or an answer other than an invitation sent
 * (already invited, no seat ...), shows in the form with what was typed kept. `notice` says why
 * the form opened by itself (the organisation was created but its first manager not invited).
 */
export function AdminInviteManagerForm({
  organisation,
  initial = emptyManager,
  notice,
  onInvited,
}: {
  organisation: { id: string; name: string };
  initial?: InviteManagerValues;
  notice?: string;
  onInvited: () => void;
}) {
  const form = useZodForm(inviteManagerSchema, initial);
  const { errors, isSubmitting } = form.formState;
  const invite = useInviteManager();
  const { setFocus } = form;

  // Opened in place of the New organisation form: focus goes to the address to correct.
  useEffect(() => {
    if (notice) setFocus('managerEmail');
  }, [notice, setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const invitation = await invite(organisation, toNewManager(values));
      if (invitation.result === 'invited') onInvited();
      else form.setError('root.server', { message: invitationResultMessage(invitation.result) });
    } catch (error) {
      form.setError('root.server', { message: serverMessage(error) ?? copy.failed });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.title(organisation.name)}</DialogTitle>
        <DialogDescription>{copy.description}</DialogDescription>
      </DialogHeader>
      {notice ? (
        <p className="rounded-md border border-destructive px-3 py-2 text-sm font-medium text-destructive">
          {notice}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <AdminManagerFields register={form.register} errors={errors} copy={copy} />
        <PrivacyLine purpose={copy.privacy} />
        <FormDialogFooter
          serverError={errors.root?.server?.message}
          cancelLabel={copy.cancel}
          submitLabel={copy.submit}
          busyLabel={copy.busy}
          busy={isSubmitting}
        />
      </form>
    </>
  );
}
