import type { ReactNode, Ref } from 'react';

/** A panel's first read under way, or its failure when there is nothing earlier to show. */
export function PanelState({
  pending,
  failed,
  copy,
}: {
  pending: boolean;
  failed: boolean;
  copy: { loading: string; loadFailed: string };
}) {
  if (pending)
    return (
      <p role="status" className="py-8 text-center text-muted-foreground">
        {copy.loading}
      </p>
    );
  if (!failed) return null;
  return (
    <p role="alert" className="py-8 text-center text-destructive">
      {copy.loadFailed}
    </p>
  );
}

/**
 * A panel's heading and the sentence under it; `actions` sit beside them. The heading can take
 * focus (`ref`), for when the control the user was on has gone.
 */
export function PanelHeading({
  id,
  copy,
  actions,
  ref,
}: {
  id: string;
  copy: { heading: string; intro: string };
  actions?: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2
          id={id}
          ref={ref}
          tabIndex={-1}
          className="text-2xl font-semibold text-brand-ink focus:outline-none"
        >
          {copy.heading}
        </h2>
        <p className="mt-1 max-w-3xl text-muted-foreground">{copy.intro}</p>
      </div>
      {actions}
    </div>
  );
}
