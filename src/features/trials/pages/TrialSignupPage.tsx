import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function TrialSignupPage() {
  return <PageHero copy={pageCopy.trialSignup} />;
}
