import { PageHero } from '@/components/layout/PageHero';
import { pageCopy } from '@/content/pages';

export default function ContactPage() {
  return <PageHero copy={pageCopy.contact} />;
}
