import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function TrialLibraryPage() {
  return <PageHero copy={pageCopy.trialLibrary} />;
}
