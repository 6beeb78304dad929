import { Check } from 'lucide-react';
import type { CaseStudy } from '@/content/insights';

/** One case study: who it was with, what was done and the result, with its illustration. */
export function CaseStudyCard({ study }: { study: CaseStudy }) {
  return (
    <article
      aria-labelledby={`${study.id}-title`}
      className="flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm"
    >
      <img
        src={study.image.src}
        alt={study.image.alt}
        loading="lazy"
        decoding="async"
        width={1600}
        height={900}
        className="aspect-video w-full bg-secondary object-cover"
      />
      <div className="flex flex-1 flex-col p-6 md:p-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          {study.partner}
        </p>
        <h3 id={`${study.id}-title`} className="mt-2 text-xl font-bold text-brand-ink md:text-2xl">
          {study.title}
        </h3>
        <p className="mt-3 text-muted-foreground">{study.summary}</p>
        <ul className="mt-5 space-y-2">
          {study.points.map((point) => (
            <li key={point} className="flex gap-2">
              <Check aria-hidden className="mt-1 h-4 w-4 shrink-0 text-primary" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
        <div className="mt-auto pt-6">
          <p className="flex items-baseline gap-3 border-t pt-5">
            <span className="text-4xl font-bold tracking-tight text-primary">
              {study.outcome.value}
            </span>
            <span className="font-medium text-brand-ink">{study.outcome.label}</span>
          </p>
        </div>
      </div>
    </article>
  );
}
