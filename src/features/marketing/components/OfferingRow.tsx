import { ArrowRight } from 'lucide-react';
import { Link } from '@/lib/links';
import { buttonVariants } from '@/components/ui/buttonVariants';
import type { SolutionOffering } from '@/content/solutions';
import { cn } from '@/lib/cn';
import { ProductCheckList } from './ProductCheckList';

/** One offering of the solutions overview: its artwork beside its name, summary and link. */
export function OfferingRow({
  offering,
  imageSide = 'start',
}: {
  offering: SolutionOffering;
  imageSide?: 'start' | 'end';
}) {
  return (
    <article className="grid items-center gap-8 md:grid-cols-2 lg:gap-16">
      <img
        src={offering.image.src}
        alt={offering.image.alt}
        loading="lazy"
        decoding="async"
        width={1600}
        height={900}
        className={cn(
          'aspect-video w-full rounded-2xl border bg-card object-cover shadow-xl shadow-brand-ink/10',
          imageSide === 'end' && 'md:order-last',
        )}
      />
      <div>
        <h3 className="text-2xl font-bold tracking-tight text-brand-ink md:text-3xl">
          {offering.name}
        </h3>
        <p className="mt-1 font-semibold text-primary">{offering.tagline}</p>
        <p className="mt-4 text-lg text-muted-foreground">{offering.text}</p>
        <div className="mt-6">
          <ProductCheckList items={offering.highlights} />
        </div>
        <Link to={offering.href} className={cn(buttonVariants(), 'mt-8')}>
          {offering.linkLabel}
          <ArrowRight aria-hidden />
        </Link>
      </div>
    </article>
  );
}
