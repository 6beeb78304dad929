import { useWatch } from 'react-hook-form';
import { FormDialogFooter, RecordDialog } from '@/components/form/FormDialog';
import { FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { characterCountLabel, revokeDialog as copy } from '@/content/certificates';
import { findModule } from '@/content/modules';
import { cn } from '@/lib/cn';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import type { AdminCertificate } from '../adminList';
import { formatCertificateCode } from '@shared/certificate-code.ts';
import { useRevokeCertificate } from '../hooks';
import { characterCount, REVOKE_REASON_LIMIT, revokeSchema } from '../schemas';

/**
 * Revokes a certificate after asking why (the learner reads the reason; the check then says
 * revoked). A refusal from the server shows in the dialog, with the reason kept.
 */
export function RevokeCertificateDialog({
  certificate,
  onClose,
}: {
  certificate: AdminCertificate | null;
  onClose: () => void;
}) {
  return (
    <RecordDialog record={certificate} onClose={onClose}>
      {(chosen) => <RevokeForm certificate={chosen} onRevoked={onClose} />}
    </RecordDialog>
  );
}

function RevokeForm({
  certificate,
  onRevoked,
}: {
  certificate: AdminCertificate;
  onRevoked: () => void;
}) {
  const form = useZodForm(revokeSchema, { reason: '' });
  const { errors, isSubmitting } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' });
  const revoke = useRevokeCertificate();
  const code = formatCertificateCode(certificate.code);
  const used = characterCount(reason);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await revoke.mutateAsync({ certificateId: certificate.id, reason: values.reason });
      toast.success(copy.revoked.title, copy.revoked.description(code));
      onRevoked();
    } catch (error) {
      form.setError('root.server', { message: serverMessage(error) ?? copy.errors.failed });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>
          {copy.description(
            code,
            certificate.profile_name ?? '',
            findModule(certificate.module)?.title ?? certificate.module,
          )}
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <FormField
          label={copy.reasonLabel}
          hint={
            <>
              {copy.reasonHint}{' '}
              <span className={cn(used > REVOKE_REASON_LIMIT && 'font-medium text-destructive')}>
                {characterCountLabel(used, REVOKE_REASON_LIMIT)}
              </span>
            </>
          }
          error={errors.reason?.message}
        >
          {(control) => <Textarea {...control} {...form.register('reason')} rows={3} />}
        </FormField>
        <FormDialogFooter
          serverError={errors.root?.server?.message}
          cancelLabel={copy.cancel}
          submitLabel={copy.confirm}
          busyLabel={copy.revoking}
          busy={isSubmitting}
          destructive
        />
      </form>
    </>
  );
}
