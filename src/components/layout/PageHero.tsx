import type { ReactNode } from 'react';
import type { PageHeroCopy } from '@/content/pages';

/** A page's opening: its one h1, the lead paragraph and any actions. */
export function PageHero({
  copy,
  id,
  children,
}: {
  copy: PageHeroCopy;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <section id={id} className="bg-gradient-to-b from-secondary to-background">
      <div className="container py-16 md:py-24">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-brand-ink md:text-6xl">
          {copy.heading}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground md:text-xl">{copy.intro}</p>
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
