import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/form/FormField';
import { Input } from '@/components/ui/input';
import type { InviteManagerValues } from '../adminSchemas';

/** A manager's e-mail address and optional name, as the New organisation and Invite forms ask. */
export function AdminManagerFields({
  register,
  errors,
  copy,
}: {
  register: (name: keyof InviteManagerValues) => UseFormRegisterReturn;
  errors: FieldErrors<InviteManagerValues>;
  copy: { emailLabel: string; nameLabel: string };
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label={copy.emailLabel} error={errors.managerEmail?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...register('managerEmail')}
          />
        )}
      </FormField>
      <FormField label={copy.nameLabel} error={errors.managerName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...register('managerName')} />}
      </FormField>
    </div>
  );
}
