import { describe, expect, it } from 'vitest';
import { moduleSlugs } from '@/content/modules';
import { loadModuleDetails } from './moduleDetails';

describe("each module's details", () => {
  it.each(moduleSlugs)('%s has a description, outcomes and acknowledgements', async (slug) => {
    const details = await loadModuleDetails(slug);
    expect(details.description.length).toBeGreaterThan(0);
    expect(details.outcomes.flatMap((group) => group.items).length).toBeGreaterThanOrEqual(3);
    expect(details.resources.flatMap((group) => group.items).length).toBeGreaterThan(0);
    expect(details.acknowledgements.length).toBeGreaterThan(0);
    for (const item of details.resources.flatMap((group) => group.items)) {
      if (item.href) expect(item.href).toMatch(/^https:\/\//);
    }
  });
});

describe('the trial modules as SPEC.md describes them', () => {
  it('groups the dementia outcomes and resources', async () => {
    const details = await loadModuleDetails('dementia');
    expect(details.outcomes.map((group) => group.heading)).toEqual([
      'Understanding/Empathy',
      'Diagnosis',
      'Management',
    ]);
    expect(details.resources.map((group) => group.heading)).toEqual([
      'Guidelines & Assessments',
      'Legal & Ethics',
      'Living with Dementia',
      'Management & Other',
    ]);
  });

  it("gives women's health five outcomes and a Decision Making group", async () => {
    const details = await loadModuleDetails('womens-health');
    expect(details.outcomes.flatMap((group) => group.items)).toHaveLength(5);
    expect(details.resources.map((group) => group.heading)).toContain('Decision Making');
  });

  it('gives conflict resolution its figures and two communication models', async () => {
    const details = await loadModuleDetails('conflict-resolution');
    expect(details.figures?.map((figure) => figure.value)).toEqual(['75%', '83%']);
    expect(details.resources.flatMap((group) => group.items)).toHaveLength(2);
  });
});
