import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function DashboardPage() {
  return <PageHero copy={pageCopy.dashboard} />;
}
