import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import { VideoFacade } from '@/components/media/VideoFacade';
import type { ProductOffering } from '@/content/surgicalTraining';
import { cn } from '@/lib/cn';
import { ProductCheckList } from './ProductCheckList';

/**
 * One offering of a product page, anchored at its id: the video beside its Key Features and
 * Benefits, then three Use Cases.
 */
export function ProductSection({
  offering,
  tone,
  videoSide = 'start',
}: {
  offering: ProductOffering;
  tone: 'plain' | 'muted';
  videoSide?: 'start' | 'end';
}) {
  return (
    <Section
      id={offering.id}
      tone={tone}
      eyebrow={offering.name}
      title={offering.headline}
      intro={offering.intro}
    >
      <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
        <VideoFacade
          video={offering.video}
          autoplay={offering.autoplay}
          loop={offering.loop}
          className={cn(
            'shadow-xl shadow-brand-ink/10 lg:col-span-7 lg:self-start',
            videoSide === 'end' && 'lg:order-last',
          )}
        />
        <div className="grid gap-8 sm:grid-cols-2 lg:col-span-5 lg:grid-cols-1">
          <div>
            <h3 className="mb-4 text-xl font-semibold text-brand-ink">Key Features</h3>
            <ProductCheckList items={offering.keyFeatures} />
          </div>
          <div>
            <h3 className="mb-4 text-xl font-semibold text-brand-ink">Benefits</h3>
            <ProductCheckList items={offering.benefits} />
          </div>
        </div>
      </div>
      <h3 className="mb-6 mt-14 text-xl font-semibold text-brand-ink">Use Cases</h3>
      <CardGrid items={offering.useCases} headingLevel={4} />
    </Section>
  );
}
