import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from '@/lib/links';
import { Menu, X } from 'lucide-react';
import { primaryLinks, solutionsLinks } from '@/content/navigation';

/**
 * Small screens: one button that shows every navigation link in a panel under the header. While it
 * is open the page behind is dimmed (a click there closes the panel) and Tab cycles between the
 * button and the links, as in a dialog; Escape closes it and returns to the button.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') close();
    if (event.key !== 'Tab') return;
    const stops = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('button, a[href]') ?? [],
    );
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- relays Escape and Tab from the links
    <div ref={menuRef} onKeyDown={onKeyDown}>
      {open
        ? // The header blurs what is behind it, which makes it the box fixed children are placed
          // in: the backdrop goes to the body, under the header (z-40) and over the page.
          createPortal(
            <div
              aria-hidden
              data-testid="mobile-nav-backdrop"
              className="fixed inset-0 z-30 bg-brand-ink/40"
              onClick={close}
            />,
            document.body,
          )
        : null}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-accent"
      >
        {open ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id={panelId}
        hidden={!open}
        aria-label="Mobile"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b bg-background px-5 pb-6 pt-2 shadow-lg"
      >
        <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
          Solutions
        </p>
        <PanelLinks links={solutionsLinks} onFollow={() => setOpen(false)} />
        <PanelLinks
          links={primaryLinks}
          onFollow={() => setOpen(false)}
          className="mt-2 border-t pt-2"
        />
      </nav>
    </div>
  );
}

/** A group of the panel's links; following one closes the panel. */
function PanelLinks({
  links,
  onFollow,
  className,
}: {
  links: readonly { to: string; label: string }[];
  onFollow: () => void;
  className?: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            className="block rounded-md px-3 py-3 text-base font-medium hover:bg-accent aria-[current=page]:bg-secondary"
            onClick={onFollow}
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
