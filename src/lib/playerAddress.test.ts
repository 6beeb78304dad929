import { describe, expect, it } from 'vitest';
import { moduleSlugs, modules } from '@/content/modules';
import {
  playerAddress,
  playerAddressForCode,
  playerCode,
  ruralMindsCutCode,
} from './playerAddress';

const base = 'https://player.example/360';

describe('playerCode', () => {
  it.each([
    ['home-visits', 'hom'],
    ['dementia', 'dem'],
    ['womens-health', 'wom'],
    ["women's-health", 'wom'],
    ['social-justice', 'heq'],
    ['health-equity', 'heq'],
    ['chronic-pain', 'chr'],
    ['advanced-dementia', 'adv'],
    ['conflict-resolution', 'con'],
    ['rural-minds', 'fmh'],
    ['group-menopause', 'men'],
    ['group-clinics-menopause', 'men'],
    ['group-diabetes', 'dia'],
    ['group-clinics-diabetes', 'dia'],
  ])('maps %s to %s', (slug, code) => {
    expect(playerCode(slug)).toBe(code);
  });

  it.each([
    ['homevisits', 'hom'],
    ['womenshealth', 'wom'],
    ["women'shealth", 'wom'],
    ['socialjustice', 'heq'],
    ['healthequity', 'heq'],
    ['chronicpain', 'chr'],
    ['advanceddementia', 'adv'],
    ['conflictresolution', 'con'],
    ['ruralminds', 'fmh'],
    ['groupmenopause', 'men'],
    ['groupclinicsmenopause', 'men'],
    ['groupdiabetes', 'dia'],
    ['groupclinicsdiabetes', 'dia'],
  ])('maps the variant without hyphens %s to %s', (slug, code) => {
    expect(playerCode(slug)).toBe(code);
  });

  it('ignores case', () => {
    expect(playerCode('Conflict-Resolution')).toBe('con');
  });

  it('uses an unknown slug as the code: lowercased, only letters, digits and hyphens kept', () => {
    expect(playerCode('New_Module 2!')).toBe('newmodule2');
    expect(playerCode('Sepsis-Module')).toBe('sepsis-module');
    expect(playerCode('../etc/passwd?x=1')).toBe('etcpasswdx1');
  });

  it('gives every catalogue slug its own code', () => {
    for (const slug of moduleSlugs) expect(playerCode(slug)).toBe(modules[slug].playerCode);
  });
});

describe('playerAddress', () => {
  it('puts the code in a folder on the player host', () => {
    expect(playerAddress('dementia', base)).toBe(`${base}/dem/`);
    expect(playerAddress('dementia', `${base}/`)).toBe(`${base}/dem/`);
    expect(playerAddressForCode(ruralMindsCutCode, base)).toBe(`${base}/fmh_cut/`);
  });

  it('uses the configured player host by default', () => {
    expect(playerAddress('rural-minds')).toBe(
      `${import.meta.env.VITE_PLAYER_BASE_URL.replace(/\/+$/, '')}/fmh/`,
    );
  });
});
