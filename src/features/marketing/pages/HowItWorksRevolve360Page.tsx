import { howItWorksRevolve360Hero, revolve360Pipeline } from '@/content/revolve360Pipeline';
import { PipelinePage } from '../components/PipelinePage';

export default function HowItWorksRevolve360Page() {
  return <PipelinePage hero={howItWorksRevolve360Hero} pipeline={revolve360Pipeline} />;
}
