import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/links';
import { moduleImage, type TrainingModule } from '@/content/modules';

/**
 * A module page's opening: back link, the page's h1, the summary, its actions, under them the
 * learner's progress (`progress`), and its artwork.
 */
export function ModuleHero({
  module,
  backTo = { href: '/training-library', label: 'Back to the training library' },
  children,
  progress,
}: {
  module: TrainingModule;
  backTo?: { href: string; label: string };
  children?: ReactNode;
  progress?: ReactNode;
}) {
  const image = moduleImage(module.slug);
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-secondary to-background">
      <div className="container grid items-center gap-10 py-10 md:py-16 lg:grid-cols-[1fr_1.1fr] lg:gap-14 lg:py-20">
        <div>
          <Link
            to={backTo.href}
            className="inline-flex min-h-6 items-center gap-2 rounded-sm py-2 text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft aria-hidden className="h-4 w-4" />
            {backTo.label}
          </Link>
          <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">
            Revolve 360 module
          </p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-brand-ink md:text-5xl lg:text-6xl">
            {module.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground md:text-xl">{module.summary}</p>
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
          {progress ? <div className="mt-6 max-w-md">{progress}</div> : null}
        </div>
        <img
          src={image.src}
          alt={image.alt}
          width={1600}
          height={900}
          decoding="async"
          fetchPriority="high"
          className="aspect-video w-full rounded-2xl border border-primary/10 bg-secondary object-cover shadow-xl shadow-brand-ink/10"
        />
      </div>
    </section>
  );
}
