import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function HowItWorksPage() {
  return <PageHero id="hero" copy={pageCopy.howItWorks} />;
}
