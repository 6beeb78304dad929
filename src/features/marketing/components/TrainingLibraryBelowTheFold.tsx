import { CardGrid } from '@/components/marketing/CardGrid';
import { Section } from '@/components/marketing/Section';
import {
  libraryCustomPromo,
  libraryImageStrip,
  libraryKeyFeatures,
} from '@/content/trainingLibraryBelowTheFold';
import { ImageStrip } from './ImageStrip';
import { PromoBand } from './PromoBand';

/** /training-library after its module catalogue: Revolve Custom, scenes and the key features. */
export default function TrainingLibraryBelowTheFold() {
  return (
    <>
      <PromoBand
        eyebrow={libraryCustomPromo.eyebrow}
        title={libraryCustomPromo.title}
        text={libraryCustomPromo.text}
        actions={libraryCustomPromo.actions}
        image={libraryCustomPromo.image}
        tone="light"
      />

      <ImageStrip images={libraryImageStrip} />

      <Section eyebrow={libraryKeyFeatures.eyebrow} title={libraryKeyFeatures.title} tone="muted">
        <CardGrid items={libraryKeyFeatures.cards} />
      </Section>
    </>
  );
}
