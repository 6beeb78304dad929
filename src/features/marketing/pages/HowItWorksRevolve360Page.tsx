import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function HowItWorksRevolve360Page() {
  return <PageHero copy={pageCopy.howItWorksRevolve360} />;
}
