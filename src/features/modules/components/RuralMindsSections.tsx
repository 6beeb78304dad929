import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { details } from '@/content/moduleDetails/rural-minds';
import { ruralMindsCopy } from '@/content/ruralMinds';
import { site } from '@/content/site';
import { ModuleDetailsSections } from './ModuleDetailsSections';

/** Rural Minds below its about video: the module's details, contact and news. */
export function RuralMindsSections() {
  const { contact, urgentHelp, news } = ruralMindsCopy;
  return (
    <>
      <ModuleDetailsSections details={details} only={['description', 'outcomes', 'resources']} />

      <Section tone="dark" eyebrow="Contact" title={contact.title} intro={contact.text}>
        <div className="flex flex-col gap-8 lg:flex-row lg:items-start lg:justify-between">
          <a
            href={`mailto:${site.contactEmail}?subject=${encodeURIComponent(contact.subject)}`}
            className={buttonVariants({ size: 'lg', className: 'self-start' })}
          >
            {contact.buttonLabel}
          </a>
          <div className="max-w-md rounded-xl border border-white/20 bg-white/5 p-6">
            <h3 className="text-lg font-semibold text-white">{urgentHelp.title}</h3>
            <p className="mt-2 text-white/85">{urgentHelp.text}</p>
          </div>
        </div>
      </Section>

      <Section eyebrow="News" title={news.title}>
        <CardGrid items={news.items} />
      </Section>

      <ModuleDetailsSections details={details} only={['acknowledgements']} />
    </>
  );
}
