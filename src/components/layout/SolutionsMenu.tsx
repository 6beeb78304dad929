import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { NavLink } from '@/lib/links';
import { ChevronDown } from 'lucide-react';
import { solutionsLinks } from '@/content/navigation';
import { cn } from '@/lib/cn';

export const SOLUTIONS_CLOSE_DELAY_MS = 180;

/**
 * The Solutions group as a disclosure navigation (a button that shows a list of links), the pattern
 * WAI-ARIA recommends for site navigation: it opens on hover, closes 180 ms after the pointer leaves,
 * and supports Escape, the arrow keys, Home and End; Enter follows the focused link.
 */
export function SolutionsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A click right after a hover opened the panel keeps it open instead of toggling it shut.
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // The header loads this code as the pointer approaches, so it can arrive with the pointer
  // already over the menu: that is a hover too.
  useEffect(() => {
    if (!wrapperRef.current?.matches(':hover')) return;
    openedByHover.current = true;
    setOpen(true);
  }, []);

  const links = () =>
    Array.from(wrapperRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  const openAndFocus = (which: 'first' | 'last') => {
    flushSync(() => setOpen(true));
    const all = links();
    all[which === 'first' ? 0 : all.length - 1]?.focus();
  };

  const close = ({ returnFocus }: { returnFocus: boolean }) => {
    clearTimeout(closeTimer.current);
    openedByHover.current = false;
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => close({ returnFocus: false }), SOLUTIONS_CLOSE_DELAY_MS);
  };

  const onButtonClick = () => {
    if (openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    setOpen((isOpen) => !isOpen);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const onButton = event.target === buttonRef.current;
    const moves: Record<string, () => void> = {
      Escape: () => open && close({ returnFocus: true }),
      ArrowDown: () =>
        onButton || index < 0 ? openAndFocus('first') : all[(index + 1) % all.length]?.focus(),
      ArrowUp: () =>
        onButton || index < 0
          ? openAndFocus('last')
          : all[(index - 1 + all.length) % all.length]?.focus(),
      Home: () => index >= 0 && all[0]?.focus(),
      End: () => index >= 0 && all[all.length - 1]?.focus(),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const onBlur = (event: FocusEvent) => {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null))
      close({ returnFocus: false });
  };

  return (
    // The wrapper only relays keyboard and pointer events from the button and links inside it.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={wrapperRef}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        className="inline-flex h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-foreground hover:bg-accent"
      >
        Solutions
        <ChevronDown
          aria-hidden
          className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={panelId} hidden={!open} className="absolute left-0 top-full z-50 pt-2">
        <ul className="w-80 rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg">
          {solutionsLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={() => close({ returnFocus: false })}
                className="block rounded-md px-3 py-2 hover:bg-accent focus-visible:bg-accent aria-[current=page]:bg-secondary"
              >
                <span className="block text-sm font-semibold">{link.label}</span>
                {link.description ? (
                  <span className="block text-sm text-muted-foreground">{link.description}</span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
