import type { ReactNode } from 'react';
import type { PageHeroCopy } from '@/content/pages';

/**
 * A landing page's opening: eyebrow, the page's one h1, its lead text beside a media slot (a video
 * facade), and the actions. Stacked on small screens (actions before the media); on wide screens
 * the actions take a row of their own under both columns, so that they sit side by side.
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
      <div className="container grid items-center gap-8 py-12 md:py-16 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-x-14">
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
        </div>
        {actions ? <div className="lg:col-span-2 lg:row-start-2">{actions}</div> : null}
        <div className="relative lg:col-start-2 lg:row-start-1">
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
