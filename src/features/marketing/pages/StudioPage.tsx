import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function StudioPage() {
  return <PageHero copy={pageCopy.studio} />;
}
