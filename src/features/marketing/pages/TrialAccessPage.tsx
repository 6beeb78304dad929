import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function TrialAccessPage() {
  return <PageHero copy={pageCopy.trialAccess} />;
}
