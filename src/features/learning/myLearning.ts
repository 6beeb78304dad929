import {
  isTrialModuleSlug,
  moduleSlugs,
  modules,
  trialModuleSlugs,
  type ModuleSlug,
  type TrainingModule,
} from '@/content/modules';
import type { ModuleLength, ProgressRow, Unlock } from './api';
import { moduleProgress, type ModuleProgress } from './progress';

/** A module on the dashboard's My learning: where it plays and how far the learner is. */
export interface LearningEntry {
  module: TrainingModule;
  href: string;
  progress: ModuleProgress;
}

/**
 * The page a module plays on: Rural Minds' own page; a trial module's trial page while the trial
 * lasts; any other module's unlock page (where a trial password or access code opens it).
 */
export function modulePlayerPath(slug: ModuleSlug, trialActive: boolean): string {
  if (!modules[slug].unlockable) return `/modules/${slug}`;
  if (trialActive && isTrialModuleSlug(slug)) return `/modules/trial/${slug}`;
  return `/unlock/${slug}`;
}

/**
 * The modules the learner can open (docs/learning-records.md section 4, lrs_launch's check): those
 * they have progress in, the trial modules and trial unlocks while their trial is active, those an
 * access code unlocked, and Rural Minds. The most recently watched first, then the catalogue's order.
 */
export function learningEntries({
  rows,
  lengths,
  unlocks,
  trialActive,
}: {
  rows: readonly ProgressRow[];
  lengths: readonly ModuleLength[];
  unlocks: readonly Unlock[];
  trialActive: boolean;
}): LearningEntry[] {
  const open = new Set<string>(['rural-minds', ...rows.map((row) => row.module)]);
  if (trialActive) trialModuleSlugs.forEach((slug) => open.add(slug));
  for (const unlock of unlocks)
    if (unlock.grant_kind !== 'trial' || trialActive) open.add(unlock.module_name);

  const lastActivity = (slug: string) =>
    rows.find((row) => row.module === slug)?.last_activity_at ?? '';
  const catalogueOrder = (slug: string) => moduleSlugs.findIndex((known) => known === slug);

  return moduleSlugs
    .filter((slug) => open.has(slug))
    .sort(
      (a, b) =>
        lastActivity(b).localeCompare(lastActivity(a)) || catalogueOrder(a) - catalogueOrder(b),
    )
    .map((slug) => ({
      module: modules[slug],
      href: modulePlayerPath(slug, trialActive),
      progress: moduleProgress(slug, rows, lengths),
    }));
}
