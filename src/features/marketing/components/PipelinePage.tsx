import { Link } from '@/lib/links';
import { PageHero } from '@/components/layout/PageHero';
import { buttonVariants } from '@/components/ui/buttonVariants';
import type { PageHeroCopy } from '@/content/pages';
import type { ProductionPipeline } from '@/content/types';
import { ComingSoonButton } from './ComingSoonButton';
import { PipelineSections } from './PipelineSections';

/**
 * A how-it-works page for one production pipeline (Revolve 360, Revolve VR): its hero with the
 * demo link and the sample that is coming, then the pipeline's sections.
 */
export function PipelinePage({
  hero,
  pipeline,
}: {
  hero: PageHeroCopy;
  pipeline: ProductionPipeline;
}) {
  return (
    <>
      <PageHero copy={hero}>
        <Link to={pipeline.demo.to} className={buttonVariants({ size: 'lg' })}>
          {pipeline.demo.label}
        </Link>
        <ComingSoonButton label={pipeline.sample.label} />
      </PageHero>
      <PipelineSections pipeline={pipeline} />
    </>
  );
}
