import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function RevolveCustomPage() {
  return <PageHero copy={pageCopy.revolveCustom} />;
}
