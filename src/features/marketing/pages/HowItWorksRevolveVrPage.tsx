import { howItWorksRevolveVrHero, revolveVrPipeline } from '@/content/revolveVrPipeline';
import { PipelinePage } from '../components/PipelinePage';

export default function HowItWorksRevolveVrPage() {
  return <PipelinePage hero={howItWorksRevolveVrHero} pipeline={revolveVrPipeline} />;
}
