import { Link } from '@/lib/links';
import { footerColumns } from '@/content/navigation';
import { site } from '@/content/site';
import { Logo } from './Logo';

export function Footer() {
  return (
    <footer className="mt-auto bg-brand-ink text-white">
      <div className="container grid gap-10 py-14 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="space-y-4">
          <Logo className="text-white" />
          <p className="max-w-sm text-sm text-white/80">{site.description}</p>
          <p className="text-sm">
            <a
              href={`mailto:${site.contactEmail}`}
              className="font-medium underline underline-offset-4"
            >
              {site.contactEmail}
            </a>
          </p>
          <ul aria-label="Social media" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {site.social.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  className="underline-offset-4 hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white/70">
              {column.heading}
            </h2>
            <ul className="mt-4 space-y-1 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block py-1.5 underline-offset-4 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/15">
        <p className="container py-6 text-sm text-white/75">
          © {new Date().getFullYear()} {site.legalName}. {site.address.locality},{' '}
          {site.address.country}.
        </p>
      </div>
    </footer>
  );
}
