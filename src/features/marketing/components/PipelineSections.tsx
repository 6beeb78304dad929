import { FaqColumns } from '@/components/marketing/FaqColumns';
import { Section } from '@/components/marketing/Section';
import type { ProductionPipeline } from '@/content/types';
import { cn } from '@/lib/cn';

// Ten steps sit in two rows of five on wide screens, nine in three rows of three.
const stepColumns = (count: number) =>
  count % 5 === 0 ? 'lg:grid-cols-5' : count % 3 === 0 ? 'lg:grid-cols-3' : 'lg:grid-cols-4';

/** The body of a how-it-works pipeline page, below its hero. */
export function PipelineSections({ pipeline }: { pipeline: ProductionPipeline }) {
  return (
    <>
      <Section eyebrow="The pipeline" title={pipeline.stepsTitle} intro={pipeline.stepsIntro}>
        <ol className={cn('grid gap-4 sm:grid-cols-2', stepColumns(pipeline.steps.length))}>
          {pipeline.steps.map((step, index) => (
            <li
              key={step.title}
              className="relative overflow-hidden rounded-xl border bg-card p-5 shadow-sm"
            >
              <span aria-hidden className="absolute inset-x-0 top-0 h-1 bg-primary/80" />
              <span
                aria-hidden
                className="text-3xl font-bold tabular-nums tracking-tight text-primary"
              >
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-2 font-semibold text-brand-ink">{step.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section tone="muted" title="What you receive">
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <ul className="grid gap-4 rounded-2xl border bg-card p-6 shadow-sm sm:grid-cols-2 md:p-8">
            {pipeline.deliverables.map((item) => (
              <li key={item} className="flex gap-3">
                <span
                  aria-hidden
                  className="mt-1.5 h-3 w-3 shrink-0 rounded-full border-[3px] border-primary bg-brand-glow"
                />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-col rounded-2xl bg-brand-ink p-6 text-white shadow-sm md:p-8">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-brand-glow">
              Typical timeline
            </h3>
            <p className="mt-4">
              <span className="block text-5xl font-bold tracking-tight">
                {pipeline.timeline.value}
              </span>
              <span className="mt-1 block text-lg text-white/85">{pipeline.timeline.label}</span>
            </p>
            <p className="mt-4 text-white/75">{pipeline.timelineNote}</p>
          </div>
        </div>
      </Section>

      <Section id="faqs" title="Frequently asked questions">
        <FaqColumns faqs={pipeline.faqs} />
      </Section>
    </>
  );
}
