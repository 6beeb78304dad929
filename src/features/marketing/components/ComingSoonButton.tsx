/**
 * An action that is not available yet (SPEC.md gives the sample buttons no action). It stays
 * focusable and announced as unavailable (aria-disabled) with a visible "Coming soon" tag, rather
 * than a live-looking button that silently does nothing.
 */
export function ComingSoonButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      aria-disabled="true"
      className="inline-flex min-h-12 cursor-not-allowed items-center justify-center gap-3 rounded-md border border-dashed border-input bg-background/70 px-6 py-2.5 text-base font-medium text-muted-foreground ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      {label}
      <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-secondary-foreground">
        Coming soon
      </span>
    </button>
  );
}
