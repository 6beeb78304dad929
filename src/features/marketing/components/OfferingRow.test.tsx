import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { solutionOfferings } from '@/content/solutions';
import { OfferingRow } from './OfferingRow';

describe('OfferingRow', () => {
  it('links every offering to its own page', () => {
    render(
      <MemoryRouter>
        {solutionOfferings.map((offering) => (
          <OfferingRow key={offering.href} offering={offering} />
        ))}
      </MemoryRouter>,
    );
    const targets = Object.fromEntries(
      solutionOfferings.map((offering) => [
        offering.name,
        screen.getByRole('link', { name: offering.linkLabel }).getAttribute('href'),
      ]),
    );
    expect(targets).toEqual({
      'Revolve VR': '/surgical-training',
      'Revolve 360': '/training-library',
      'Revolve Custom': '/revolve-custom',
      'Revolve Studio': '/studio',
    });
    for (const offering of solutionOfferings) {
      expect(screen.getByRole('img', { name: offering.image.alt })).toBeTruthy();
    }
  });
});
