/**
 * The training module catalogue: the ten modules of the Revolve 360 library.
 *
 * This file is the light index (slug, title, summary, flags, player code) that the route table and
 * every page's head tags need, so it ships with the app shell. Each module's long copy (description,
 * learning outcomes, resources, acknowledgements) lives in src/content/moduleDetails/<slug>.ts and is
 * loaded only by the page that shows it: ten modules of copy in the shell would cost every page of
 * the site several KB of its 100 KB first-view budget.
 */
export interface TrainingModule {
  slug: ModuleSlug;
  title: string;
  summary: string;
  /** Whether Start Training goes through the /unlock/:slug password gate (all but Rural Minds). */
  unlockable: boolean;
  /** On SPEC.md's trial module list (the trial library shows the first three, trialModuleSlugs). */
  trial: boolean;
  /** The module's code on the 360 player host (SPEC.md section 3); see playerAddress.ts. */
  playerCode: string;
}

/** Learning outcomes, optionally under a heading (the dementia module groups them). */
export interface OutcomeGroup {
  heading?: string;
  items: readonly string[];
}

/** A supporting resource: an external link to public guidance, or a named model without one. */
export interface ResourceItem {
  title: string;
  href?: string;
  publisher?: string;
}

export interface ResourceGroup {
  heading?: string;
  items: readonly ResourceItem[];
}

/** A headline figure quoted on a module page. */
export interface ModuleFigure {
  value: string;
  label: string;
}

/** The long copy of a module page (src/content/moduleDetails/<slug>.ts). */
export interface ModuleDetails {
  /** Paragraphs, in order. */
  description: readonly string[];
  figures?: readonly ModuleFigure[];
  outcomes: readonly OutcomeGroup[];
  resources: readonly ResourceGroup[];
  acknowledgements: readonly string[];
}

/** A module's artwork: an original illustration in public/images/modules/<slug>.svg. */
export function moduleImage(slug: ModuleSlug): { src: string; alt: string } {
  return { src: `/images/modules/${slug}.svg`, alt: '' };
}

export const moduleSlugs = [
  'home-visits',
  'dementia',
  'womens-health',
  'conflict-resolution',
  'social-justice',
  'chronic-pain',
  'advanced-dementia',
  'rural-minds',
  'group-menopause',
  'group-diabetes',
] as const;

export type ModuleSlug = (typeof moduleSlugs)[number];

/** The three modules a trial user can open from the trial library, in the order shown. */
export const trialModuleSlugs = ['dementia', 'womens-health', 'conflict-resolution'] as const;

export type TrialModuleSlug = (typeof trialModuleSlugs)[number];

export const modules: Record<ModuleSlug, TrainingModule> = {
  'home-visits': {
    slug: 'home-visits',
    title: 'Home Visits',
    summary: 'Assess risk, safeguarding cues and clinical need on a home visit.',
    unlockable: true,
    trial: true,
    playerCode: 'hom',
  },
  dementia: {
    slug: 'dementia',
    title: 'Dementia',
    summary: 'Follow a patient and family through the early dementia journey.',
    unlockable: true,
    trial: true,
    playerCode: 'dem',
  },
  'womens-health': {
    slug: 'womens-health',
    title: "Women's Health",
    summary: 'Support a patient through perimenopause, from first symptoms to shared decisions.',
    unlockable: true,
    trial: true,
    playerCode: 'wom',
  },
  'conflict-resolution': {
    slug: 'conflict-resolution',
    title: 'Conflict Resolution',
    summary: 'Defuse difficult encounters at the front desk in three branching role-plays.',
    unlockable: true,
    trial: true,
    playerCode: 'con',
  },
  'social-justice': {
    slug: 'social-justice',
    title: 'Social Justice and Health Equity',
    summary: 'See how circumstance shapes health and how practices can close the gap.',
    unlockable: true,
    trial: false,
    playerCode: 'heq',
  },
  'chronic-pain': {
    slug: 'chronic-pain',
    title: 'Chronic Pain',
    summary: 'Explore living with persistent pain and consultations that help.',
    unlockable: true,
    trial: false,
    playerCode: 'chr',
  },
  'advanced-dementia': {
    slug: 'advanced-dementia',
    title: 'Advanced Dementia',
    summary: 'Care, communication and planning in the later stages of dementia.',
    unlockable: true,
    trial: false,
    playerCode: 'adv',
  },
  'rural-minds': {
    slug: 'rural-minds',
    title: 'Rural Minds',
    summary: 'Mental health in farming communities, told from the farm.',
    unlockable: false,
    trial: false,
    playerCode: 'fmh',
  },
  'group-menopause': {
    slug: 'group-menopause',
    title: 'Group Clinics: Menopause',
    summary: 'Run a menopause group consultation that patients value.',
    unlockable: true,
    trial: false,
    playerCode: 'men',
  },
  'group-diabetes': {
    slug: 'group-diabetes',
    title: 'Group Clinics: Diabetes',
    summary: 'Run a diabetes group consultation, from invitation to follow-up.',
    unlockable: true,
    trial: false,
    playerCode: 'dia',
  },
};

export function isModuleSlug(slug: string | undefined): slug is ModuleSlug {
  return moduleSlugs.some((candidate) => candidate === slug);
}

export function findModule(slug: string | undefined): TrainingModule | undefined {
  return isModuleSlug(slug) ? modules[slug] : undefined;
}

export function isTrialModuleSlug(slug: string | undefined): slug is TrialModuleSlug {
  return trialModuleSlugs.some((candidate) => candidate === slug);
}
