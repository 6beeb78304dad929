import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

// Sonner injects its own stylesheet after ours with equal-or-higher specificity, so the theme is
// applied through its CSS variables and, where a property has no variable, with `!` utilities.
const themeVariables = {
  '--normal-bg': 'hsl(var(--popover))',
  '--normal-text': 'hsl(var(--popover-foreground))',
  '--normal-border': 'hsl(var(--border))',
  '--border-radius': 'var(--radius)',
} as React.CSSProperties;

export function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      // At the top, under the header, so a toast never covers the navigation or the bell, nor
      // what the eye and thumb are on at the bottom of the screen: a list's pager, a form's submit
      // button. Centred, clear of the header's menus and a panel's actions at either side; on
      // phones (sonner, under 600 px) the full width. The header is 80 px tall at most.
      position="top-center"
      offset={{ top: 96 }}
      mobileOffset={{ top: 88 }}
      richColors={false}
      closeButton
      style={{ ...themeVariables, ...style }}
      toastOptions={{
        ...toastOptions,
        classNames: {
          toast: 'font-sans shadow-lg',
          title: '!font-semibold',
          description: '!text-muted-foreground',
          actionButton: '!bg-primary !text-primary-foreground',
          cancelButton: '!bg-muted !text-muted-foreground',
          // A neutral close button stays legible on both the default and the destructive surface.
          closeButton:
            '!border-border !bg-background !text-foreground hover:!bg-muted focus-visible:!ring-2 focus-visible:!ring-ring',
          error:
            '[--normal-bg:hsl(var(--destructive))] [--normal-border:hsl(var(--destructive))] [--normal-text:hsl(var(--destructive-foreground))] [&_[data-description]]:!text-destructive-foreground',
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  );
}
