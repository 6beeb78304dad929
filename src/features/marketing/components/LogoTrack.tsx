import type { ReactNode, Ref } from 'react';
import type { PartnerLogo } from '@/content/types';

/** Two logos across on phones, three on tablets, five on large screens (SPEC.md section 9). */
export const logoSlideClassName =
  'min-w-0 shrink-0 grow-0 basis-1/2 pl-4 sm:basis-1/3 lg:basis-1/5';

/**
 * The logo row, as markup only. The carousel drives it once its code has loaded; until then (and
 * in the prerendered HTML's place while the page hydrates) it renders the same row, with the
 * controls' space held, so nothing moves when the carousel takes over.
 */
export function LogoTrack({
  logos,
  label,
  viewportRef,
  live = 'off',
  controls,
}: {
  logos: readonly PartnerLogo[];
  label: string;
  viewportRef?: Ref<HTMLDivElement>;
  /** Announce slide changes only while the carousel does not move on its own. */
  live?: 'off' | 'polite';
  controls?: ReactNode;
}) {
  return (
    <div role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y" aria-live={live}>
          {logos.map((logo, index) => (
            <div
              key={logo.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${logos.length}`}
              className={logoSlideClassName}
            >
              <div className="flex h-full flex-col items-center justify-center gap-3 rounded-xl border bg-card px-4 py-6 text-center shadow-sm">
                <img
                  src={`/images/logos/${logo.emblem}.svg`}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                  className="h-14 w-14"
                />
                <span className="text-sm font-semibold leading-snug text-brand-ink">
                  {logo.name}
                </span>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex h-11 justify-center gap-2">{controls}</div>
    </div>
  );
}
