import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, skipping falsy ones. It does not resolve conflicting Tailwind utilities
 * (tailwind-merge would cost about 8 KB gzip on every page, see README "Performance"): a component
 * that needs a different size or colour takes a variant, and a className passed in should only add.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
