import { Link } from '@/lib/links';
import { PageHero } from '@/components/layout/PageHero';
import { buttonVariants } from '@/components/ui/buttonVariants';
import {
  howItWorksRevolveVrHero,
  revolveVrPipeline as pipeline,
} from '@/content/revolveVrPipeline';
import { ComingSoonButton } from '../components/ComingSoonButton';
import { PipelineSections } from '../components/PipelineSections';

export default function HowItWorksRevolveVrPage() {
  return (
    <>
      <PageHero copy={howItWorksRevolveVrHero}>
        <Link to={pipeline.demo.to} className={buttonVariants({ size: 'lg' })}>
          {pipeline.demo.label}
        </Link>
        <ComingSoonButton label={pipeline.sample.label} />
      </PageHero>
      <PipelineSections pipeline={pipeline} />
    </>
  );
}
