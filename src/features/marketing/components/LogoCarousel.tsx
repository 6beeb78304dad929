import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefCallback,
} from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { EmblaOptionsType } from 'embla-carousel';
import type { PartnerLogo } from '@/content/types';
import { LogoTrack } from './LogoTrack';

/** SPEC.md section 9: the logo carousel moves on every 3000 ms and loops. */
export const logoCarouselOptions = {
  carousel: { loop: true, align: 'start', slidesToScroll: 1 } satisfies EmblaOptionsType,
  autoplay: {
    delay: 3000,
    // The component starts and stops autoplay itself (hover, focus, the pause button, reduced
    // motion), so the plugin never starts on its own and a drag or swipe stops it for good.
    playOnInit: false,
    stopOnInteraction: true,
    stopOnMouseEnter: false,
    stopOnFocusIn: false,
  },
} as const;

/** 'auto' follows the visitor's motion preference until they press play or pause. */
export type RotationChoice = 'auto' | 'on' | 'off';

/**
 * Whether the carousel rotates (what its play/pause button shows) and whether it is moving right
 * now: rotation is held while a pointer is over it or focus is inside it.
 */
export function carouselMotion({
  choice,
  reducedMotion,
  hovered,
  focused,
}: {
  choice: RotationChoice;
  reducedMotion: boolean;
  hovered: boolean;
  focused: boolean;
}): { rotating: boolean; moving: boolean } {
  const rotating = choice === 'on' || (choice === 'auto' && !reducedMotion);
  return { rotating, moving: rotating && !hovered && !focused };
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    // The prerendered HTML cannot know; hydration starts from "motion allowed" and then corrects.
    () => false,
  );
}

/** The 'Trusted by' logos as an auto-advancing, looping carousel (loaded lazily: embla is ~8 KB). */
export default function LogoCarousel({
  logos,
  label,
}: {
  logos: readonly PartnerLogo[];
  label: string;
}) {
  const [autoplay] = useState(() => Autoplay(logoCarouselOptions.autoplay));
  const [viewportRef, emblaApi] = useEmblaCarousel(logoCarouselOptions.carousel, [autoplay]);
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<RotationChoice>('auto');
  const [holdRef, hovered, focused] = useHoverAndFocus();
  const { rotating, moving } = carouselMotion({ choice, reducedMotion, hovered, focused });

  useEffect(() => {
    if (!emblaApi) return;
    if (moving) autoplay.play();
    else autoplay.stop();
  }, [emblaApi, autoplay, moving]);

  useEffect(() => {
    if (!emblaApi) return;
    // A drag or swipe is the visitor taking over: the plugin stops, and the button says so.
    const takeOver = () => setChoice('off');
    emblaApi.on('pointerDown', takeOver);
    return () => {
      emblaApi.off('pointerDown', takeOver);
    };
  }, [emblaApi]);

  const onPrevious = useCallback(() => emblaApi?.scrollPrev(), [emblaApi]);
  const onNext = useCallback(() => emblaApi?.scrollNext(), [emblaApi]);
  const onTogglePlay = useCallback(() => setChoice(rotating ? 'off' : 'on'), [rotating]);

  return (
    // data-carousel-ready: the carousel has taken over its prerendered markup (which shows the same
    // controls before it is hydrated); the end-to-end tests wait for it before they play with it.
    <div ref={holdRef} data-carousel-ready={emblaApi ? '' : undefined}>
      <LogoTrack
        logos={logos}
        label={label}
        viewportRef={viewportRef}
        live={rotating ? 'off' : 'polite'}
        controls={
          <>
            <ControlButton label="Previous logos" onClick={onPrevious}>
              <ChevronLeft aria-hidden />
            </ControlButton>
            <ControlButton
              label={rotating ? 'Pause the logo carousel' : 'Play the logo carousel'}
              onClick={onTogglePlay}
              rotationToggle
            >
              {rotating ? <Pause aria-hidden /> : <Play aria-hidden />}
            </ControlButton>
            <ControlButton label="Next logos" onClick={onNext}>
              <ChevronRight aria-hidden />
            </ControlButton>
          </>
        }
      />
    </div>
  );
}

/**
 * Tracks whether a pointer is over the element or focus is inside it. Focus on the play/pause
 * button does not count, or pressing "Play" could never start it.
 */
function useHoverAndFocus(): [RefCallback<HTMLElement>, boolean, boolean] {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = (event: FocusEvent) =>
      setFocused(!(event.target as Element).hasAttribute('data-rotation-toggle'));
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    element.addEventListener('mouseenter', enter);
    element.addEventListener('mouseleave', leave);
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      element.removeEventListener('mouseenter', enter);
      element.removeEventListener('mouseleave', leave);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, []);
  return [ref, hovered, focused];
}

function ControlButton({
  label,
  onClick,
  rotationToggle = false,
  children,
}: {
  label: string;
  onClick: () => void;
  rotationToggle?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      data-rotation-toggle={rotationToggle || undefined}
      className="flex h-11 w-11 items-center justify-center rounded-full border bg-background text-brand-ink transition-colors hover:bg-accent [&_svg]:h-5 [&_svg]:w-5"
    >
      {children}
    </button>
  );
}
