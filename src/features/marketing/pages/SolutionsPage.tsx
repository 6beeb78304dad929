import { Section } from '@/components/marketing/Section';
import { PageHero } from '@/components/layout/PageHero';
import {
  solutionOfferings,
  solutionsCallToAction,
  solutionsHero,
  solutionsOverview,
} from '@/content/solutions';
import { OfferingRow } from '../components/OfferingRow';
import { ProductCallToAction } from '../components/ProductCallToAction';

export default function SolutionsPage() {
  return (
    <>
      <PageHero copy={solutionsHero} />
      <Section
        eyebrow={solutionsOverview.eyebrow}
        title={solutionsOverview.title}
        intro={solutionsOverview.intro}
      >
        <div className="space-y-20 md:space-y-28">
          {solutionOfferings.map((offering, index) => (
            <OfferingRow
              key={offering.href}
              offering={offering}
              imageSide={index % 2 === 0 ? 'start' : 'end'}
            />
          ))}
        </div>
      </Section>
      <ProductCallToAction {...solutionsCallToAction} />
    </>
  );
}
