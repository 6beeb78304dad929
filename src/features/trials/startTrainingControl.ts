/**
 * Which clicks the start-training gate looks at (SPEC.md section 2, "Trial gating on non-module
 * pages"): a 'start training' link or button on a page other than the module pages. Kept apart
 * from the gate's decision (startTrainingGate.ts) because every page's first view carries this
 * part, while the decision is loaded only once such a control is clicked.
 */

/** Left alone besides every "/modules/..." page (which covers the trial and Rural Minds ones). */
const ungatedPages = ['/training-library-trial', '/rural-minds'];

export function isGatedPath(pathname: string): boolean {
  // Lowercased, as the router matches paths whatever their case.
  const path = pathname.toLowerCase();
  if (path.startsWith('/modules/')) return false;
  return !ungatedPages.some((page) => path === page || path === `${page}/`);
}

/**
 * Whether a click on `target` is on a link or button whose text says 'start training'. A control
 * marked data-start-training-ungated is left alone: it opens training the user already has (the
 * Start Training of a module their organisation assigned them, who hold no trial marker).
 */
export function isStartTrainingControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest('a, button, [role="link"], [role="button"]');
  if (control?.hasAttribute('data-start-training-ungated')) return false;
  return /start\s+training/i.test(control?.textContent ?? '');
}
