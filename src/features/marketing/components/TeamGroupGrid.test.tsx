import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aboutTeam } from '@/content/about';
import { TeamGroupGrid } from './TeamGroupGrid';

describe('TeamGroupGrid', () => {
  it('shows the three groups, each with its roles', () => {
    render(<TeamGroupGrid groups={aboutTeam.groups} />);
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Educators', 'Technologists', 'Designers']);
    for (const group of aboutTeam.groups) {
      const roles = screen.getByRole('list', { name: `${group.name}: roles` });
      expect(within(roles).getAllByRole('listitem')).toHaveLength(group.roles.length);
    }
  });
});
