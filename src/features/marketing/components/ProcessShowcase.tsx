import type { ShowcaseStep } from '@/content/types';
import { cn } from '@/lib/cn';

/**
 * A process told step by step at length: each step's picture beside its short and long text,
 * alternating sides on wide screens. For short steps without pictures use StepList.
 */
export function ProcessShowcase({ steps }: { steps: readonly ShowcaseStep[] }) {
  return (
    <ol className="space-y-16 md:space-y-24">
      {steps.map((step, index) => (
        <li key={step.title} className="grid items-center gap-8 md:grid-cols-2 md:gap-14">
          <img
            src={step.image.src}
            alt={step.image.alt}
            loading="lazy"
            decoding="async"
            width={1600}
            height={900}
            className={cn(
              'aspect-video w-full rounded-2xl border bg-secondary object-cover shadow-sm',
              index % 2 === 1 && 'md:order-last',
            )}
          />
          <div>
            <p className="flex items-center gap-3 text-sm font-semibold uppercase tracking-wider text-primary">
              <span
                aria-hidden
                className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-base text-primary-foreground"
              >
                {index + 1}
              </span>
              Step {index + 1}
            </p>
            <h3 className="mt-3 text-2xl font-bold tracking-tight text-brand-ink md:text-3xl">
              {step.title}
            </h3>
            <p className="mt-3 text-lg font-medium text-foreground">{step.text}</p>
            <p className="mt-4 leading-relaxed text-muted-foreground">{step.detail}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
