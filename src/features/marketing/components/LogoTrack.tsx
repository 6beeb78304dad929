import type { ReactNode, Ref } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';

export interface PartnerLogo {
  /** The kind of organisation, shown as text beside its emblem. */
  name: string;
  /** An original, wordmark-free emblem (public/). */
  emblem: string;
}

/** Two logos across on phones, three on tablets, five on large screens (SPEC.md section 9). */
export const logoSlideClassName =
  'min-w-0 shrink-0 grow-0 basis-1/2 pl-4 sm:basis-1/3 lg:basis-1/5';

export interface LogoTrackControls {
  /** Whether the carousel rotates on its own (held while hovered or focused). */
  rotating: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onTogglePlay: () => void;
}

/**
 * The logo row and its controls, as markup only. The carousel drives it once its code has loaded;
 * until then (and in the prerendered HTML's place while the page hydrates) it renders the same row
 * with inactive controls, so nothing moves when the carousel takes over.
 */
export function LogoTrack({
  logos,
  label,
  viewportRef,
  controls,
}: {
  logos: readonly PartnerLogo[];
  label: string;
  viewportRef?: Ref<HTMLDivElement>;
  controls?: LogoTrackControls;
}) {
  const rotating = controls?.rotating ?? true;
  return (
    <div role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={viewportRef} className="overflow-hidden">
        <div
          className="-ml-4 flex touch-pan-y"
          aria-live={controls && !rotating ? 'polite' : 'off'}
        >
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
                  src={logo.emblem}
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
      <div className="mt-6 flex justify-center gap-2">
        <ControlButton label="Previous logos" onClick={controls?.onPrevious}>
          <ChevronLeft aria-hidden />
        </ControlButton>
        <ControlButton
          label={rotating ? 'Pause the logo carousel' : 'Play the logo carousel'}
          onClick={controls?.onTogglePlay}
          rotationToggle
        >
          {rotating ? <Pause aria-hidden /> : <Play aria-hidden />}
        </ControlButton>
        <ControlButton label="Next logos" onClick={controls?.onNext}>
          <ChevronRight aria-hidden />
        </ControlButton>
      </div>
    </div>
  );
}

function ControlButton({
  label,
  onClick,
  rotationToggle = false,
  children,
}: {
  label: string;
  onClick: (() => void) | undefined;
  rotationToggle?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-rotation-toggle={rotationToggle || undefined}
      aria-label={label}
      onClick={onClick}
      disabled={!onClick}
      className="flex h-11 w-11 items-center justify-center rounded-full border bg-background text-brand-ink transition-colors hover:bg-accent disabled:cursor-default [&_svg]:h-5 [&_svg]:w-5"
    >
      {children}
    </button>
  );
}
