import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { FieldError, FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={certificate !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {certificate ? (
          <RevokeForm key={certificate.id} certificate={certificate} onRevoked={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RevokeForm({
  certificate,
  onRevoked,
}: {
  certificate: AdminCertificate;
  onRevoked: () => void;
}) {
  const serverErrorId = useId();
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
  const serverError = errors.root?.server?.message;

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
        {serverError ? (
          <div role="alert">
            <FieldError id={serverErrorId}>{serverError}</FieldError>
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {copy.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={isSubmitting}>
            {isSubmitting ? copy.revoking : copy.confirm}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
