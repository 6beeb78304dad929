import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playerCode } from '@/features/modules/playerAddress';
import { loadModuleDetails } from '@/features/modules/moduleDetails';
import {
  findModule,
  isTrialModuleSlug,
  moduleImage,
  moduleSlugs,
  modules,
  trialModuleSlugs,
} from './modules';

const publicDir = join(import.meta.dirname, '..', '..', 'public');

describe('the module catalogue', () => {
  it('holds the ten modules, each under its own slug', () => {
    expect(moduleSlugs).toHaveLength(10);
    expect(new Set(moduleSlugs).size).toBe(10);
    for (const slug of moduleSlugs) expect(modules[slug].slug).toBe(slug);
    expect(Object.keys(modules).sort()).toEqual([...moduleSlugs].sort());
  });

  it('gives every module a player code of its own', () => {
    const codes = moduleSlugs.map((slug) => playerCode(slug));
    for (const code of codes) expect(code).toMatch(/^[a-z]{3}$/);
    expect(new Set(codes).size).toBe(10);
  });

  it('sends every module but Rural Minds through the unlock page', () => {
    expect(moduleSlugs.filter((slug) => !modules[slug].unlockable)).toEqual(['rural-minds']);
  });

  it('marks the trial modules, and the trial library shows the first three', () => {
    expect(moduleSlugs.filter((slug) => modules[slug].trial).sort()).toEqual(
      ['conflict-resolution', 'dementia', 'home-visits', 'womens-health'].sort(),
    );
    expect(trialModuleSlugs).toEqual(['dementia', 'womens-health', 'conflict-resolution']);
    expect(isTrialModuleSlug('dementia')).toBe(true);
    expect(isTrialModuleSlug('home-visits')).toBe(false);
  });

  it('finds modules by slug only', () => {
    expect(findModule('chronic-pain')?.title).toBe('Chronic Pain');
    expect(findModule('toString')).toBeUndefined();
    expect(findModule(undefined)).toBeUndefined();
  });

  it.each(moduleSlugs)(
    '%s has artwork, a description, outcomes and acknowledgements',
    async (slug) => {
      const image = moduleImage(slug);
      expect(existsSync(join(publicDir, image.src))).toBe(true);
      const details = await loadModuleDetails(slug);
      expect(details.description.length).toBeGreaterThan(0);
      expect(details.outcomes.flatMap((group) => group.items).length).toBeGreaterThanOrEqual(3);
      expect(details.resources.flatMap((group) => group.items).length).toBeGreaterThan(0);
      expect(details.acknowledgements.length).toBeGreaterThan(0);
      for (const item of details.resources.flatMap((group) => group.items)) {
        if (item.href) expect(item.href).toMatch(/^https:\/\//);
      }
    },
  );
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
