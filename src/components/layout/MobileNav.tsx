import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink } from '@/lib/links';
import { Menu, X } from 'lucide-react';
import { primaryLinks, solutionsLinks } from '@/content/navigation';

/** Small screens: one button that shows every navigation link in a panel under the header. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- relays Escape from the links
    <div onKeyDown={onKeyDown}>
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
