import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function SolutionsPage() {
  return <PageHero copy={pageCopy.solutions} />;
}
