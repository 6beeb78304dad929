import { lazy, Suspense, useMemo } from 'react';
import { Outlet, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Footer } from '@/components/layout/Footer';
import { Header } from './layout/Header';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { useStartTrainingGate } from '@/features/trials/useStartTrainingGate';
import { ErrorBoundary } from './ErrorBoundary';
import { PageHead } from './PageHead';
import { PageLoading } from './PageLoading';
import { appRoutes, type AppRoute } from './routes';
import { ScrollManager } from './ScrollManager';

const PortalProviders = lazy(() => import('./PortalProviders'));
// Never prerendered (unknown paths get the app shell), so it need not be in every page's download.
const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);

/** `shell`: the page is a protected page's prerendered shell (AppRoute.shell). */
export function App({ shell = false }: { shell?: boolean }) {
  return (
    <Routes>
      <Route element={<RootLayout shell={shell} />}>
        {appRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function RootLayout({ shell }: { shell: boolean }) {
  const { pathname } = useLocation();
  useStartTrainingGate();
  return (
    <AuthProvider shell={shell}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        <ScrollManager />
        <Header />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          {/* Keyed by path so a page that failed does not keep the next page from rendering. */}
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </AuthProvider>
  );
}

function RoutePage({ route }: { route: AppRoute }) {
  const params = useParams();
  const meta = useMemo(() => route.meta(params), [route, params]);
  if (!meta) return <NotFoundPage />;
  const page = <route.page.Component />;
  return (
    <>
      <PageHead meta={meta} />
      {route.rendering === 'client' ? (
        <PortalProviders route={route}>{page}</PortalProviders>
      ) : (
        page
      )}
    </>
  );
}
