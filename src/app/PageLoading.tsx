/** Shown while a page's code loads; it fades in late so that fast loads do not flash a spinner. */
export function PageLoading() {
  return (
    <div role="status" className="container flex min-h-[50vh] items-center justify-center py-20">
      <div className="animate-in fade-in fill-mode-both delay-300 duration-300">
        <span className="block h-8 w-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary motion-reduce:animate-none" />
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
