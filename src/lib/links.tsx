import type { AnchorHTMLAttributes, Ref } from 'react';
import {
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type To,
} from 'react-router-dom';

/**
 * React Router's Link and NavLink as this site uses them: an anchor whose clicks navigate inside
 * the app. Router's own carry framework-mode prefetching (route modules, the manifest, single
 * fetch), which a declarative router never uses but every page would download with its first
 * view.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, target, onClick, children, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this exact path, not below it. */
  end?: boolean;
}

/** A Link marked `aria-current="page"` (and class `active`) on its path and the paths below it. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(to).pathname.toLowerCase();
  const slash = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  const active =
    current === path || (!end && current.startsWith(path) && current.charAt(slash) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
    />
  );
}
