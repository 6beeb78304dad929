import { CheckCircle2, ExternalLink } from 'lucide-react';
import { Section } from '@/components/marketing/Section';
import { StatGrid } from '@/components/marketing/StatGrid';
import type { ModuleDetails, OutcomeGroup, ResourceGroup } from '@/content/modules';
import { cn } from '@/lib/cn';

/**
 * The body of a module page, in SPEC.md's order: description, learning outcomes, resources and
 * acknowledgements. `only` picks some of them, for pages that place others in between.
 */
export function ModuleDetailsSections({
  details,
  only = ['description', 'outcomes', 'resources', 'acknowledgements'],
}: {
  details: ModuleDetails;
  only?: readonly ('description' | 'outcomes' | 'resources' | 'acknowledgements')[];
}) {
  return (
    <>
      {only.includes('description') ? (
        <Section eyebrow="The module" title="About this module">
          <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-muted-foreground">
            {details.description.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          {details.figures ? (
            <div className="mt-10 max-w-3xl">
              <StatGrid stats={details.figures} />
            </div>
          ) : null}
        </Section>
      ) : null}
      {only.includes('outcomes') ? (
        <Section tone="muted" eyebrow="What you will learn" title="Learning outcomes">
          <LearningOutcomes groups={details.outcomes} />
        </Section>
      ) : null}
      {only.includes('resources') && details.resources.length > 0 ? (
        <Section
          eyebrow="Further reading"
          title="Supporting resources"
          intro="Public guidance and support to take your learning further. Links open the publisher's website in a new tab."
        >
          <ResourceGroups groups={details.resources} />
        </Section>
      ) : null}
      {only.includes('acknowledgements') && details.acknowledgements.length > 0 ? (
        <Section tone="muted" title="Acknowledgements">
          <ul className="max-w-3xl space-y-3">
            {details.acknowledgements.map((line) => (
              <li key={line} className="text-lg text-muted-foreground">
                {line}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function LearningOutcomes({ groups }: { groups: readonly OutcomeGroup[] }) {
  const grouped = groups.some((group) => group.heading);
  return (
    <div className={cn('grid gap-6', grouped && 'lg:grid-cols-3')}>
      {groups.map((group, index) => (
        <div
          key={group.heading ?? index}
          className="rounded-xl border bg-card p-6 shadow-sm md:p-8"
        >
          {group.heading ? (
            <h3 className="mb-4 text-lg font-semibold text-brand-ink">{group.heading}</h3>
          ) : null}
          <ul className={cn('grid gap-4', !grouped && 'md:grid-cols-2 md:gap-x-10')}>
            {group.items.map((item) => (
              <li key={item} className="flex gap-3">
                <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function ResourceGroups({ groups }: { groups: readonly ResourceGroup[] }) {
  return (
    <div className={cn('grid gap-x-10 gap-y-10', groups.length > 1 && 'md:grid-cols-2')}>
      {groups.map((group, index) => (
        <div key={group.heading ?? index}>
          {group.heading ? (
            <h3 className="mb-3 text-lg font-semibold text-brand-ink">{group.heading}</h3>
          ) : null}
          <ul
            className={cn(
              'divide-y rounded-xl border bg-card shadow-sm',
              groups.length === 1 && 'max-w-3xl',
            )}
          >
            {group.items.map((item) => (
              <li key={item.title} className="relative px-5 py-4">
                {item.href ? (
                  <a
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="group flex items-start justify-between gap-4 font-medium text-brand-ink after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
                  >
                    <span className="group-hover:underline">{item.title}</span>
                    <ExternalLink aria-hidden className="mt-1 h-4 w-4 shrink-0 text-primary" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <p className="font-medium text-brand-ink">{item.title}</p>
                )}
                {item.publisher ? (
                  <p className="mt-1 text-sm text-muted-foreground">{item.publisher}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
