import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function SurgicalTrainingPage() {
  return <PageHero copy={pageCopy.surgicalTraining} />;
}
