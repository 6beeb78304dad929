import { FormDialogFooter, RecordDialog } from '@/components/form/FormDialog';
import { FormField } from '@/components/form/FormField';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { useZodForm } from '@/components/form/useZodForm';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { portfolioDialog as copy } from '@/content/certificates';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import { hasReflection, type Certificate } from '../api';
import { useSendToPortfolio } from '../hooks';
import { portfolioSchema } from '../schemas';

/**
 * 'Send to my portfolio' for one certificate: the address (the last one used, to start with), and
 * a word when there is no reflection to send. A refusal shows in the form, with the address kept.
 */
export function PortfolioDialog({
  certificate,
  moduleTitle,
  userId,
  lastRecipient,
  onClose,
}: {
  certificate: Certificate | null;
  moduleTitle: string;
  userId: string;
  lastRecipient: string;
  onClose: () => void;
}) {
  return (
    <RecordDialog record={certificate} onClose={onClose} className="max-w-lg">
      {(chosen) => (
        <PortfolioForm
          certificate={chosen}
          moduleTitle={moduleTitle}
          userId={userId}
          lastRecipient={lastRecipient}
          onSent={onClose}
        />
      )}
    </RecordDialog>
  );
}

function PortfolioForm({
  certificate,
  moduleTitle,
  userId,
  lastRecipient,
  onSent,
}: {
  certificate: Certificate;
  moduleTitle: string;
  userId: string;
  lastRecipient: string;
  onSent: () => void;
}) {
  const form = useZodForm(portfolioSchema, { recipient: lastRecipient });
  const { errors, isSubmitting } = form.formState;
  const send = useSendToPortfolio(userId);

  const onSubmit = form.handleSubmit(async ({ recipient }) => {
    try {
      await send.mutateAsync({ certificateId: certificate.id, recipient });
      toast.success(copy.sent.title, copy.sent.description(recipient));
      onSent();
    } catch (error) {
      form.setError('root.server', { message: serverMessage(error) ?? copy.errors.failed });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.description(moduleTitle)}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {hasReflection(certificate) ? null : (
          <p className="rounded-lg bg-secondary p-4 text-sm">{copy.noReflection}</p>
        )}
        <FormField
          label={copy.recipientLabel}
          hint={copy.recipientHint}
          error={errors.recipient?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('recipient')}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
            />
          )}
        </FormField>
        <PrivacyLine purpose={copy.privacy} />
        <FormDialogFooter
          serverError={errors.root?.server?.message}
          cancelLabel={copy.cancel}
          submitLabel={copy.send}
          busyLabel={copy.sending}
          busy={isSubmitting}
        />
      </form>
    </>
  );
}
