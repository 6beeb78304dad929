import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const codes = moduleSlugs.map((slug) => modules[slug].playerCode);
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

  it.each(moduleSlugs)('%s has artwork', (slug) => {
    expect(existsSync(join(publicDir, moduleImage(slug).src))).toBe(true);
  });
});
