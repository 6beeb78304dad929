import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormField } from '@/components/form/FormField';
import { useZodForm } from '@/components/form/useZodForm';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { verifyPage } from '@/content/certificates';
import { normaliseCertificateCode, verifyPath } from '@shared/certificate-code.ts';
import { verifyCodeSchema } from '../schemas';

const copy = verifyPage.form;

/** A code to check, typed in any case, with or without hyphens: goes to its /verify address. */
export function VerifyCodeForm({
  title,
  initialCode = '',
}: {
  title: string;
  initialCode?: string;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const form = useZodForm(verifyCodeSchema, { code: initialCode });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ code }) => {
    const normalised = normaliseCertificateCode(code);
    if (normalised) void navigate(verifyPath(normalised));
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={titleId}
      className="max-w-xl space-y-4 rounded-xl border bg-card p-6 shadow-sm"
    >
      <h2 id={titleId} className="text-xl font-semibold text-brand-ink">
        {title}
      </h2>
      <FormField label={copy.label} hint={copy.hint} error={errors.code?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase tracking-wider placeholder:normal-case"
            {...form.register('code')}
          />
        )}
      </FormField>
      <Button type="submit">{copy.submit}</Button>
    </form>
  );
}
