import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function AdminPage() {
  return <PageHero copy={pageCopy.admin} />;
}
