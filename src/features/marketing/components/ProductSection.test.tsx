import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productOfferings } from '@/content/surgicalTraining';
import { ProductSection } from './ProductSection';

describe('ProductSection', () => {
  it.each(productOfferings)(
    'anchors $name at #$id with Key Features, Benefits and three Use Cases',
    (offering) => {
      const { container } = render(<ProductSection offering={offering} tone="plain" />);
      const section = container.querySelector(`section#${offering.id}`) as HTMLElement;
      expect(section).not.toBeNull();
      const scoped = within(section);
      expect(scoped.getByRole('heading', { level: 2, name: offering.headline })).toBeTruthy();
      for (const name of ['Key Features', 'Benefits', 'Use Cases']) {
        expect(scoped.getByRole('heading', { level: 3, name })).toBeTruthy();
      }
      expect(scoped.getAllByRole('heading', { level: 4 })).toHaveLength(3);
      expect(
        scoped.getByRole('button', { name: `Play video: ${offering.video.title}` }),
      ).toBeTruthy();
    },
  );

  it('lets only the surgical hero clip (2 s, looped) and the specialist embed (1 s) autoplay', () => {
    const rules = Object.fromEntries(
      productOfferings.map((offering) => [
        offering.id,
        { autoplay: offering.autoplay, loop: offering.loop ?? false },
      ]),
    );
    expect(rules).toEqual({
      'surgical-vr': { autoplay: { delayMs: 2000 }, loop: true },
      'expert-vr': { autoplay: { delayMs: 1000 }, loop: false },
      'twin-vr': { autoplay: undefined, loop: false },
    });
  });

  it('renders the list of key features as a list', () => {
    const [surgical] = productOfferings;
    if (!surgical) throw new Error('no offerings');
    render(<ProductSection offering={surgical} tone="muted" videoSide="end" />);
    const lists = screen.getAllByRole('list');
    expect(within(lists[0] as HTMLElement).getAllByRole('listitem')).toHaveLength(
      surgical.keyFeatures.length,
    );
  });
});
