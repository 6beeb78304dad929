import type { Step } from '@/content/types';

/** Numbered steps of a process, in order. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
          <span
            aria-hidden
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <h3 className="text-lg font-semibold text-brand-ink">{step.title}</h3>
            <p className="mt-1 text-muted-foreground">{step.text}</p>
            {step.detail ? (
              <p className="mt-3 text-sm text-muted-foreground">{step.detail}</p>
            ) : null}
            {step.image ? (
              <img
                src={step.image.src}
                alt={step.image.alt}
                loading="lazy"
                decoding="async"
                width={640}
                height={360}
                className="mt-4 aspect-video w-full rounded-lg object-cover"
              />
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
