import { cva } from 'class-variance-authority';

// Apart from the Button component so that a link styled as a button (the usual case on marketing
// pages) does not bring Radix's Slot along.
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md text-center font-medium ring-offset-background transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        secondary:
          'border border-primary/40 bg-secondary text-secondary-foreground hover:bg-accent',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
        // On a dark panel (a page's closing call to action): the main action light and solid, the
        // other one outlined, so the eye goes to the main one.
        inverse: 'bg-white text-brand-ink hover:bg-white/90',
        outlineInverse: 'border border-white/70 bg-transparent text-white hover:bg-white/10',
      },
      size: {
        // Heights are minimums so that a long label wraps on a narrow screen instead of overflowing.
        default: 'min-h-11 px-5 py-2 text-sm',
        sm: 'min-h-9 px-3 py-1.5 text-sm',
        lg: 'min-h-12 px-7 py-2.5 text-base',
        icon: 'h-11 w-11 text-sm',
      },
    },
    defaultVariants: {
      variant: 'default',
      size: 'default',
    },
  },
);
