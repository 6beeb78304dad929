import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { connectAuth, getAuthState, sessionStored } from '@/lib/auth/authStore';
import { logger } from '@/lib/logger';
import { startMonitoring } from '@/lib/monitoring/monitoring';
import { releaseDeferredParts } from '@/lib/whenNearViewport';
import { App } from './App';
import { preloadSignedInControls } from './layout/HeaderAccount';
import { preloadHeaderMenus } from './layout/headerMenus';
import { matchAppRoute } from './routes';

/**
 * The app itself, loaded by the entry (./main.tsx) once the prerendered page has been painted:
 * hydrates the prerendered markup, or renders client-side pages into the empty root.
 */
// First, so that an error anywhere below is reported. Without a DSN the build drops it entirely.
if (import.meta.env.VITE_SENTRY_DSN) startMonitoring();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

/**
 * Marks the document (`<html data-app-started>`) once the app has hydrated the page or rendered it:
 * until then a prerendered page is readable but inert, and the end-to-end tests wait for the mark
 * before they scroll, hover or press anything.
 */
function MarkStarted() {
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <App shell={container.hasAttribute('data-shell')} />
      <MarkStarted />
    </BrowserRouter>
  </StrictMode>
);

// Load the current page's code before the first render, so hydration matches the prerendered HTML
// without passing through the loading fallback. A protected page's shell is the view while the
// session is restored: once the session is known it is rendered afresh in its final state, in one
// pass, rather than hydrated as the shell and then rendered again.
function render(root: HTMLElement): void {
  const sessionKnown = !getAuthState().loading;
  if (root.firstElementChild && !(root.hasAttribute('data-shell') && sessionKnown)) {
    hydrateRoot(root, app);
  } else createRoot(root).render(app);
}

const { pathname } = window.location;
const page = matchAppRoute(pathname)?.route.page;
const pageLoaded = page?.preload(pathname);

// A stored session is restored right after hydration, and every part of the page still waiting
// for the visitor would then lose its prerendered HTML: load them with the page instead (the
// header's menus before hydration).
const restoringSession = sessionStored();
if (restoringSession) {
  releaseDeferredParts();
  preloadSignedInControls().catch((error: unknown) => {
    logger.error('Could not load the signed-in controls:', error);
  });
  // The session is restored as soon as the app is in, not after the page has rendered. (The page's
  // first queries started before that: ./firstQueries.ts. connectAuth reports its own failures.)
  connectAuth().catch(() => {});
}

void Promise.all([pageLoaded, restoringSession ? preloadHeaderMenus() : undefined])
  .catch((error: unknown) => {
    logger.error('Could not load the page before the first render:', error);
  })
  .then(() => render(container));
