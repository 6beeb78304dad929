import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function AboutPage() {
  return <PageHero copy={pageCopy.about} />;
}
