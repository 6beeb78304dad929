import { moduleSlugs, modules, type ModuleSlug } from '@/content/modules';
import { playerAddress } from '@/lib/playerAddress';
import { isGatedPath, isStartTrainingControl } from './startTrainingControl';
import { hasValidTrialMarker } from '@/lib/trialMarker';

/**
 * The start-training gate's decision (SPEC.md section 2, "Trial gating on non-module pages"): a
 * 'start training' link or button on a page other than the module pages goes to the trial sign-up
 * unless the browser holds a valid trial marker; with one, Home Visits opens its training directly
 * and any other module's control does what it always did. Loaded on demand by useStartTrainingGate.
 */

export type StartTrainingDecision =
  | { action: 'none' }
  | { action: 'trial-signup'; href: '/trial-signup' }
  | { action: 'navigate'; href: string };

/** The only module with a direct training address to open for a trial user (SPEC.md). */
const directTrainingModule: ModuleSlug = 'home-visits';

/** Lowercase words only: "Women's Health" and "womens-health" both read "womens health". */
function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const moduleNames = moduleSlugs.flatMap((slug) =>
  [modules[slug].title, slug].map((name) => ({ slug, name: words(name) })),
);

/**
 * The module a heading names: a module's title or slug appearing in it as whole words, so 'Home
 * Visits Training Module' is home-visits. The longest name wins: 'Advanced Dementia' is not
 * dementia.
 */
export function moduleFromHeadingText(text: string): ModuleSlug | null {
  const heading = ` ${words(text)} `;
  let best: { slug: ModuleSlug; name: string } | null = null;
  for (const candidate of moduleNames) {
    if (heading.includes(` ${candidate.name} `) && candidate.name.length > (best?.name.length ?? 0))
      best = candidate;
  }
  return best?.slug ?? null;
}

/** The module named by the page's first h1 or h2 heading. */
export function moduleFromHeadings(root: ParentNode): ModuleSlug | null {
  const heading = root.querySelector('h1, h2');
  return heading ? moduleFromHeadingText(heading.textContent ?? '') : null;
}

/** What a click on `target` at `pathname` should do; reads the trial marker from localStorage. */
export function decide({
  pathname,
  target,
  root,
  now = Date.now(),
}: {
  pathname: string;
  target: EventTarget | null;
  root: ParentNode;
  now?: number;
}): StartTrainingDecision {
  if (!isGatedPath(pathname) || !isStartTrainingControl(target)) return { action: 'none' };
  if (!hasValidTrialMarker(now)) return { action: 'trial-signup', href: '/trial-signup' };
  if (moduleFromHeadings(root) === directTrainingModule) {
    return { action: 'navigate', href: playerAddress(directTrainingModule) };
  }
  return { action: 'none' };
}

/**
 * Carries out the decision for a click the shell held (see useStartTrainingGate): to the trial
 * sign-up in the app, to a direct training address, or `release` to let the control do its own.
 */
export function settleHeldClick(
  target: EventTarget | null,
  navigate: (href: string) => void,
  release: () => void,
): void {
  const decision = decide({ pathname: window.location.pathname, target, root: document });
  if (decision.action === 'trial-signup') navigate(decision.href);
  else if (decision.action === 'navigate') window.location.assign(decision.href);
  else release();
}
