import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function HowItWorksRevolveVrPage() {
  return <PageHero copy={pageCopy.howItWorksRevolveVr} />;
}
