import type { ReactNode } from 'react';
import type { PageHeroCopy } from '@/content/pages';

/**
 * A landing page's opening: eyebrow, the page's one h1, its lead text and actions beside a
 * media slot (a video facade), stacked on small screens.
 */
export function HeroWithMedia({
  copy,
  eyebrow,
  tagline,
  actions,
  media,
}: {
  copy: PageHeroCopy;
  eyebrow?: string;
  /** A short line between the heading and the lead text. */
  tagline?: string;
  actions?: ReactNode;
  media: ReactNode;
}) {
  return (
    <section className="bg-secondary bg-[url(/images/home/hero-backdrop.svg)] bg-cover bg-center">
      <div className="container grid items-center gap-10 py-12 md:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-14">
        <div>
          {eyebrow ? (
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
          ) : null}
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-brand-ink md:text-6xl">
            {copy.heading}
          </h1>
          {tagline ? (
            <p className="mt-5 text-xl font-semibold text-brand-ink md:text-2xl">{tagline}</p>
          ) : null}
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">{copy.intro}</p>
          {actions ? <div className="mt-8">{actions}</div> : null}
        </div>
        <div className="relative">
          <div
            aria-hidden
            className="absolute -inset-3 rounded-2xl bg-gradient-to-br from-brand-glow/40 to-primary/30 blur-xl"
          />
          <div className="relative rounded-2xl bg-white p-2 shadow-xl ring-1 ring-black/5">
            {media}
          </div>
        </div>
      </div>
    </section>
  );
}
