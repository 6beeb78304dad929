import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '@/lib/links';
import { logger } from '@/lib/logger';
import { PageHead } from './PageHead';
import { notFoundMeta } from './routes';
import { notFoundHero } from '@/content/notFound';

export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    logger.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="container flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <PageHead meta={notFoundMeta} />
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{notFoundHero.heading}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{notFoundHero.intro}</p>
      <Link
        to="/"
        className="mt-8 inline-flex h-11 items-center rounded-md bg-primary px-5 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
      >
        Return to Home
      </Link>
    </section>
  );
}
