import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { connectAuth, getAuthState } from '@/lib/auth/authStore';
import { logger } from '@/lib/logger';
import { releaseDeferredParts } from '@/lib/whenNearViewport';
import { App } from './App';
import { preloadHeaderMenus } from './layout/headerMenus';
import { matchAppRoute } from './routes';

/**
 * The app itself, loaded by the entry (./main.tsx) once the prerendered page has been painted:
 * hydrates the prerendered markup, or renders client-side pages into the empty root.
 */
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
// without passing through the loading fallback.
function render(root: HTMLElement): void {
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

// A stored session is restored right after hydration, and every part of the page still waiting
// for the visitor would then lose its prerendered HTML: load them with the page instead (the
// header's menus before hydration).
const restoringSession = getAuthState().loading;
if (restoringSession) {
  releaseDeferredParts();
  // The session is restored while the page's code loads, not after it has rendered: the page's
  // first query then starts as soon as it renders. (connectAuth reports its own failures.)
  connectAuth().catch(() => {});
}

const { pathname } = window.location;
void Promise.all([
  matchAppRoute(pathname)?.route.page.preload(pathname),
  restoringSession ? preloadHeaderMenus() : undefined,
])
  .catch((error: unknown) => {
    logger.error('Could not load the page before the first render:', error);
  })
  .then(() => render(container));
