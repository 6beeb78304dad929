import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function SignupPage() {
  return <PageHero copy={pageCopy.signup} />;
}
