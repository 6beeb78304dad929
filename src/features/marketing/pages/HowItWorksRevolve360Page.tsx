import { Link } from '@/lib/links';
import { PageHero } from '@/components/layout/PageHero';
import { buttonVariants } from '@/components/ui/buttonVariants';
import {
  howItWorksRevolve360Hero,
  revolve360Pipeline as pipeline,
} from '@/content/revolve360Pipeline';
import { ComingSoonButton } from '../components/ComingSoonButton';
import { PipelineSections } from '../components/PipelineSections';

export default function HowItWorksRevolve360Page() {
  return (
    <>
      <PageHero copy={howItWorksRevolve360Hero}>
        <Link to={pipeline.demo.to} className={buttonVariants({ size: 'lg' })}>
          {pipeline.demo.label}
        </Link>
        <ComingSoonButton label={pipeline.sample.label} />
      </PageHero>
      <PipelineSections pipeline={pipeline} />
    </>
  );
}
