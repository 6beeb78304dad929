import { useWatch } from 'react-hook-form';
import { FormDialogFooter, RecordDialog } from '@/components/form/FormDialog';
import { FormField } from '@/components/form/FormField';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { useZodForm } from '@/components/form/useZodForm';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { characterCountLabel, reflectionDialog as copy } from '@/content/certificates';
import { cn } from '@/lib/cn';
import { serverMessage } from '@/lib/serverMessage';
import { toast } from '@/lib/toast';
import { hasReflection, type Certificate } from '../api';
import { useSaveReflection } from '../hooks';
import {
  characterCount,
  REFLECTION_PART_LIMIT,
  reflectionParts,
  reflectionSchema,
} from '../schemas';

/**
 * The learner's reflection on a certificate, in a dialog: the RCGP learning note's three parts.
 * A refusal from the server shows in the form, with everything typed kept.
 */
export function ReflectionDialog({
  certificate,
  moduleTitle,
  userId,
  onClose,
}: {
  certificate: Certificate | null;
  moduleTitle: string;
  userId: string;
  onClose: () => void;
}) {
  return (
    <RecordDialog record={certificate} onClose={onClose} className="max-w-2xl">
      {(chosen) => (
        <ReflectionForm
          certificate={chosen}
          moduleTitle={moduleTitle}
          userId={userId}
          onSaved={onClose}
        />
      )}
    </RecordDialog>
  );
}

function ReflectionForm({
  certificate,
  moduleTitle,
  userId,
  onSaved,
}: {
  certificate: Certificate;
  moduleTitle: string;
  userId: string;
  onSaved: () => void;
}) {
  const form = useZodForm(reflectionSchema, {
    learned: certificate.reflection_learned ?? '',
    application: certificate.reflection_application ?? '',
    nextSteps: certificate.reflection_next_steps ?? '',
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const save = useSaveReflection(userId);

  const onSubmit = form.handleSubmit(async (parts) => {
    try {
      const saved = await save.mutateAsync({ certificateId: certificate.id, ...parts });
      const message = saved.reflected_at === null ? copy.removed : copy.saved;
      toast.success(message.title, message.description(moduleTitle));
      onSaved();
    } catch (error) {
      form.setError('root.server', { message: serverMessage(error) ?? copy.errors.failed });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{hasReflection(certificate) ? copy.editTitle : copy.addTitle}</DialogTitle>
        <DialogDescription>{copy.description(moduleTitle)}</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {reflectionParts.map((part) => {
          const used = characterCount(values[part] ?? '');
          return (
            <FormField
              key={part}
              label={copy.fields[part]}
              hint={
                <span
                  className={cn(used > REFLECTION_PART_LIMIT && 'font-medium text-destructive')}
                >
                  {characterCountLabel(used, REFLECTION_PART_LIMIT)}
                </span>
              }
              error={errors[part]?.message}
            >
              {(control) => <Textarea {...control} {...form.register(part)} rows={4} />}
            </FormField>
          );
        })}
        <PrivacyLine purpose={copy.privacy} />
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
