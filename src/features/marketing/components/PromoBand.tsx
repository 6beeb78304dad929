import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { CallToAction } from '@/content/types';
import { ActionButtons } from './ActionButtons';

/**
 * A call to action set apart from the page: heading, a sentence, buttons and an optional
 * illustration. Dark for a page's closing call, light for a promotion mid-page.
 */
export function PromoBand({
  eyebrow,
  title,
  text,
  actions,
  image,
  tone = 'dark',
}: {
  eyebrow?: string;
  title: string;
  text: string;
  actions: readonly CallToAction[];
  image?: { src: string; alt: string };
  tone?: 'dark' | 'light';
}) {
  const headingId = useId();
  const dark = tone === 'dark';
  return (
    <section aria-labelledby={headingId} className="container py-16 md:py-24">
      <div
        className={cn(
          'rounded-3xl px-6 py-12 md:px-12 md:py-16',
          dark
            ? 'bg-gradient-to-br from-brand-ink to-primary text-white'
            : 'border bg-gradient-to-br from-secondary to-accent text-brand-ink',
          image && 'grid items-center gap-10 lg:grid-cols-2',
        )}
      >
        <div className={cn(!image && 'mx-auto max-w-2xl text-center')}>
          {eyebrow ? (
            <p
              className={cn(
                'text-sm font-semibold uppercase tracking-wider',
                dark ? 'text-brand-glow' : 'text-primary',
              )}
            >
              {eyebrow}
            </p>
          ) : null}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">
            {title}
          </h2>
          <p className={cn('mt-4 text-lg', dark ? 'text-white/80' : 'text-muted-foreground')}>
            {text}
          </p>
          <ActionButtons
            actions={actions}
            onDark={dark}
            className={cn('mt-8', !image && 'sm:justify-center')}
          />
        </div>
        {image ? (
          <img
            src={image.src}
            alt={image.alt}
            loading="lazy"
            decoding="async"
            width={1600}
            height={900}
            className="aspect-video w-full rounded-2xl shadow-lg"
          />
        ) : null}
      </div>
    </section>
  );
}
