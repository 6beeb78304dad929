import { DocumentPage } from '@/components/layout/DocumentPage';
import {
  accessibilityHero,
  accessibilityLastUpdated,
  accessibilitySections,
} from '@/content/accessibility';

export default function AccessibilityPage() {
  return (
    <DocumentPage
      hero={accessibilityHero}
      lastUpdated={accessibilityLastUpdated}
      sections={accessibilitySections}
    />
  );
}
