import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function ForgotPasswordPage() {
  return <PageHero copy={pageCopy.forgotPassword} />;
}
