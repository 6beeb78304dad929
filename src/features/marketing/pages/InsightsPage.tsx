import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function InsightsPage() {
  return <PageHero copy={pageCopy.insights} />;
}
