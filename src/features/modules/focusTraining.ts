/**
 * Moves focus to the training that has just appeared and scrolls it into view (smoothly unless
 * the user prefers reduced motion). The control that opened it is disabled by then, and a disabled
 * control loses focus: without this, keyboard and screen reader users would start from the top.
 */
export function focusTraining(region: HTMLElement | null): void {
  if (!region) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  region.focus({ preventScroll: true });
  region.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
}
