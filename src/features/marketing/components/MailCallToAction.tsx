import { useId } from 'react';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { site } from '@/content/site';

/**
 * A closing panel that invites the visitor to write to us: a mail link to the contact address.
 * Inset rather than full width, so it does not run into the dark footer.
 */
export function MailCallToAction({
  title,
  text,
  label,
}: {
  title: string;
  text: string;
  label: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="container py-16 md:py-24">
      <div className="relative overflow-hidden rounded-3xl bg-brand-ink px-6 py-12 text-white md:px-14 md:py-16">
        <span
          aria-hidden
          className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-glow/20 blur-2xl"
        />
        <div className="relative max-w-2xl">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight md:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg text-white/80">{text}</p>
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3">
            <a
              href={`mailto:${site.contactEmail}`}
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
            >
              {label}
            </a>
            <span className="break-all text-white/80">{site.contactEmail}</span>
          </div>
        </div>
      </div>
    </section>
  );
}
