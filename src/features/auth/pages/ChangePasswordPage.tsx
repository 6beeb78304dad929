import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function ChangePasswordPage() {
  return <PageHero copy={pageCopy.changePassword} />;
}
