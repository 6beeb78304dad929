import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function BookDemoPage() {
  return <PageHero copy={pageCopy.bookDemo} />;
}
