import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { primaryLinks } from '@/content/navigation';
import { cn } from '@/lib/cn';
import { BackButton } from '@/components/layout/BackButton';
import { HeaderAccount } from './HeaderAccount';
import { Logo } from '@/components/layout/Logo';
import { useHeaderScroll } from '@/components/layout/useHeaderScroll';
import { NavLink } from '@/lib/links';
import { MobileNav, SolutionsMenu, watchHeaderReach } from './headerMenus';

// The same elements on every render: a boundary whose code has not arrived yet keeps its
// prerendered HTML only while nothing re-renders it (the header does, as it compacts on scroll).
const solutionsMenu = (
  <div data-header-menu="solutions">
    <Suspense fallback={null}>
      <SolutionsMenu />
    </Suspense>
  </div>
);
const mobileNav = (
  <div data-header-menu="mobile" className="lg:hidden">
    <Suspense fallback={null}>
      <MobileNav />
    </Suspense>
  </div>
);

export function Header() {
  const { pathname } = useLocation();
  const { compact, hidden } = useHeaderScroll();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? watchHeaderReach(ref.current) : undefined), []);

  return (
    <header
      ref={ref}
      data-compact={compact}
      data-hidden={hidden}
      className={cn(
        'sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85',
        'motion-safe:transition-[transform,box-shadow] motion-safe:duration-300',
        compact && 'shadow-sm',
        // Keyboard users never lose the header while focus is inside it.
        hidden && '-translate-y-full focus-within:translate-y-0',
      )}
    >
      <div
        className={cn(
          'container relative flex items-center gap-2 motion-safe:transition-[height] motion-safe:duration-300',
          compact ? 'h-16' : 'h-20',
        )}
      >
        {pathname !== '/' ? <BackButton /> : null}
        <Logo className="mr-auto" />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {solutionsMenu}
          {primaryLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className="inline-flex h-11 items-center rounded-md px-3 text-sm font-medium hover:bg-accent aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:underline-offset-8"
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <HeaderAccount className="ml-2" />
        {mobileNav}
      </div>
    </header>
  );
}
