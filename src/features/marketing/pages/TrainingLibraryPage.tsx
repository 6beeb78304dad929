import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function TrainingLibraryPage() {
  return <PageHero copy={pageCopy.trainingLibrary} />;
}
