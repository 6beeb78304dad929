import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  plain: 'bg-background',
  muted: 'bg-secondary/60',
  dark: 'bg-brand-ink text-white',
} as const;

/**
 * A page section: an optional eyebrow, its h2, an optional lead paragraph, then the content. `id`
 * makes it an anchor target (anchors leave room for the sticky header).
 */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = 'plain',
  className,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: keyof typeof tones;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn(tones[tone], className)}>
      <div className="container py-16 md:py-24">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p
              className={cn(
                'text-sm font-semibold uppercase tracking-wider',
                tone === 'dark' ? 'text-brand-glow' : 'text-primary',
              )}
            >
              {eyebrow}
            </p>
          ) : null}
          <h2
            id={headingId}
            className={cn(
              'mt-2 text-3xl font-bold tracking-tight md:text-4xl',
              tone === 'dark' ? 'text-white' : 'text-brand-ink',
            )}
          >
            {title}
          </h2>
          {intro ? (
            <p
              className={cn(
                'mt-4 text-lg',
                tone === 'dark' ? 'text-white/80' : 'text-muted-foreground',
              )}
            >
              {intro}
            </p>
          ) : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}
