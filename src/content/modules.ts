/** The training module catalogue: the ten modules of the Revolve 360 library. */
export interface TrainingModule {
  slug: ModuleSlug;
  title: string;
  summary: string;
  /** Whether Start Training goes through the /unlock/:slug password gate (all but Rural Minds). */
  unlockable: boolean;
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
  },
  dementia: {
    slug: 'dementia',
    title: 'Dementia',
    summary: 'Follow a patient and family through the early dementia journey.',
    unlockable: true,
  },
  'womens-health': {
    slug: 'womens-health',
    title: "Women's Health",
    summary: 'Support a patient through perimenopause, from first symptoms to shared decisions.',
    unlockable: true,
  },
  'conflict-resolution': {
    slug: 'conflict-resolution',
    title: 'Conflict Resolution',
    summary: 'Defuse difficult encounters at the front desk in three branching role-plays.',
    unlockable: true,
  },
  'social-justice': {
    slug: 'social-justice',
    title: 'Social Justice and Health Equity',
    summary: 'See how circumstance shapes health and how practices can close the gap.',
    unlockable: true,
  },
  'chronic-pain': {
    slug: 'chronic-pain',
    title: 'Chronic Pain',
    summary: 'Explore living with persistent pain and consultations that help.',
    unlockable: true,
  },
  'advanced-dementia': {
    slug: 'advanced-dementia',
    title: 'Advanced Dementia',
    summary: 'Care, communication and planning in the later stages of dementia.',
    unlockable: true,
  },
  'rural-minds': {
    slug: 'rural-minds',
    title: 'Rural Minds',
    summary: 'Mental health in farming communities, told from the farm.',
    unlockable: false,
  },
  'group-menopause': {
    slug: 'group-menopause',
    title: 'Group Clinics: Menopause',
    summary: 'Run a menopause group consultation that patients value.',
    unlockable: true,
  },
  'group-diabetes': {
    slug: 'group-diabetes',
    title: 'Group Clinics: Diabetes',
    summary: 'Run a diabetes group consultation, from invitation to follow-up.',
    unlockable: true,
  },
};

export function findModule(slug: string | undefined): TrainingModule | undefined {
  return moduleSlugs.find((candidate) => candidate === slug)
    ? modules[slug as ModuleSlug]
    : undefined;
}

export function isTrialModuleSlug(slug: string | undefined): slug is TrialModuleSlug {
  return trialModuleSlugs.some((candidate) => candidate === slug);
}
