import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function TrialConfirmationPage() {
  return <PageHero copy={pageCopy.trialConfirmation} />;
}
