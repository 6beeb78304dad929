import type { ReactNode, Ref } from 'react';

// The captcha hook travels with the account pages' shared frame: in its own chunk, its imports alone
// would push the trial sign-up page's first view over its budget (DESIGN.md section 5).
export { useCaptcha } from '@/lib/captcha/useCaptcha';

/** The frame of the account pages: one heading, a line of context, the form and its links. */
export function AuthCard({
  heading,
  intro,
  headingRef,
  children,
  footer,
}: {
  heading: string;
  intro: ReactNode;
  /** Lets a page move focus to the heading when its content changes (e.g. after sending). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-secondary to-background px-4 py-12 md:py-20">
      <div className="mx-auto w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight text-brand-ink focus:outline-none"
        >
          {heading}
        </h1>
        <p className="mt-2 text-muted-foreground">{intro}</p>
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 space-y-2 text-center text-sm">{footer}</div> : null}
      </div>
    </div>
  );
}
