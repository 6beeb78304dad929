import { useEffect, type RefObject } from 'react';
import type { AutoplayRule } from '@/content/types';

/**
 * Calls `play` once the element has been at least `threshold` visible for `delayMs` without
 * interruption. Never for users who prefer reduced motion, and not at all without a rule.
 */
export function useAutoplayWhenVisible(
  ref: RefObject<Element | null>,
  rule: AutoplayRule | undefined,
  play: () => void,
): void {
  const delayMs = rule?.delayMs;
  const threshold = rule?.threshold ?? 0.3;
  useEffect(() => {
    const element = ref.current;
    if (delayMs === undefined || !element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer);
        if (!entry?.isIntersecting || entry.intersectionRatio < threshold) return;
        timer = setTimeout(() => {
          observer.disconnect();
          play();
        }, delayMs);
      },
      { threshold },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, delayMs, threshold, play]);
}
