import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function LoginPage() {
  return <PageHero copy={pageCopy.login} />;
}
