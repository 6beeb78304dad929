import type * as React from 'react';
import type { VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/cn';
import { buttonVariants } from './buttonVariants';

export type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

/**
 * A <button> in the design system's styles. A link that looks like a button takes
 * `buttonVariants()` as its className instead: this component has no `asChild`, so the pages that
 * show a button do not load Radix's Slot with their first view.
 */
export function Button({ className, variant, size, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
