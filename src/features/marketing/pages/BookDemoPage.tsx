import { useState, type FormEvent } from 'react';
import { CircleCheck } from 'lucide-react';
import { PageHero } from '@/components/layout/PageHero';
import { PrivacyLine } from '@/components/form/PrivacyLine';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { bookDemoForm, bookDemoHero, bookDemoNextSteps } from '@/content/bookDemo';
import { toast } from '@/lib/toast';
import { useInteractive } from '@/lib/useInteractive';
import { submitLead } from '../api';

const { fields } = bookDemoForm;
const labelClass = 'text-sm font-medium text-brand-ink';

/** A one-line field of the form, labelled with its copy; `wide` spans both columns. */
function DemoField({
  name,
  type = 'text',
  wide = false,
}: {
  name: 'firstName' | 'lastName' | 'email' | 'subject';
  type?: 'text' | 'email';
  wide?: boolean;
}) {
  const field: { label: string; autoComplete?: string; defaultValue?: string } = fields[name];
  const id = `demo-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return (
    <div className={wide ? 'space-y-2 sm:col-span-2' : 'space-y-2'}>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      <Input
        id={id}
        name={name}
        type={type}
        autoComplete={field.autoComplete}
        defaultValue={field.defaultValue}
        required
      />
    </div>
  );
}

/**
 * The register-interest form. The browser checks the required fields; the lead goes to the
 * submit-lead function, then a toast thanks the visitor and the form resets. On failure a
 * destructive toast says why and every field keeps what was typed. A plain uncontrolled form keeps
 * the form library (about 21 KB) off this marketing page.
 */
export default function BookDemoPage() {
  const [sending, setSending] = useState(false);
  const interactive = useInteractive();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const value = (name: string) => String(new FormData(form).get(name) ?? '');
    setSending(true);
    try {
      await submitLead(
        {
          firstName: value('firstName'),
          lastName: value('lastName'),
          email: value('email'),
          subject: value('subject'),
          message: value('message'),
          website: value(bookDemoForm.honeypot.name),
        },
        bookDemoForm.failureToast.fallback,
      );
      toast.success(bookDemoForm.toast.title, bookDemoForm.toast.description);
      // reset() restores each field's default value, so the subject returns to its default.
      form.reset();
    } catch (error) {
      toast.error(
        bookDemoForm.failureToast.title,
        error instanceof Error ? error.message : bookDemoForm.failureToast.fallback,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <PageHero copy={bookDemoHero} />
      <div className="container grid gap-8 pb-16 md:pb-24 lg:grid-cols-[2fr_1fr]">
        <form
          onSubmit={(event) => void handleSubmit(event)}
          aria-busy={sending}
          aria-label={bookDemoHero.heading}
          className="relative grid gap-5 rounded-2xl border bg-card p-6 shadow-sm sm:grid-cols-2 md:p-10"
        >
          <DemoField name="firstName" />
          <DemoField name="lastName" />
          <DemoField name="email" type="email" wide />
          <DemoField name="subject" wide />
          <div className="space-y-2 sm:col-span-2">
            <label htmlFor="demo-message" className={labelClass}>
              {fields.message.label}
            </label>
            <Textarea
              id="demo-message"
              name="message"
              rows={5}
              placeholder={fields.message.placeholder}
              required
            />
          </div>
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="demo-website">{bookDemoForm.honeypot.label}</label>
            <input
              id="demo-website"
              name={bookDemoForm.honeypot.name}
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <div className="space-y-4 sm:col-span-2">
            <Button type="submit" size="lg" disabled={sending || !interactive}>
              {sending ? bookDemoForm.sendingLabel : bookDemoForm.submitLabel}
            </Button>
            <PrivacyLine purpose={bookDemoForm.privacy} />
          </div>
        </form>
        <aside aria-labelledby="demo-next" className="rounded-2xl bg-secondary p-6 md:p-8">
          <h2 id="demo-next" className="text-xl font-bold tracking-tight text-brand-ink">
            {bookDemoNextSteps.title}
          </h2>
          <ol className="mt-5 space-y-4">
            {bookDemoNextSteps.items.map((item) => (
              <li key={item} className="flex gap-3">
                <CircleCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
                <span>{item}</span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </>
  );
}
