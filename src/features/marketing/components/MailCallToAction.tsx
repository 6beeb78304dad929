import { Mail } from 'lucide-react';
import { Section } from '@/components/marketing/Section';
import { buttonVariants } from '@/components/ui/button';
import { site } from '@/content/site';

/** A closing band that invites the visitor to write to us: a mail link to the contact address. */
export function MailCallToAction({
  title,
  text,
  label,
}: {
  title: string;
  text: string;
  label: string;
}) {
  return (
    <Section tone="dark" title={title} intro={text}>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <a
          href={`mailto:${site.contactEmail}`}
          className={buttonVariants({ variant: 'secondary', size: 'lg' })}
        >
          <Mail aria-hidden />
          {label}
        </a>
        <span className="text-white/80">{site.contactEmail}</span>
      </div>
    </Section>
  );
}
