import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { logger } from '@/lib/logger';
import { App } from './App';
import { matchAppRoute } from './routes';
import '../index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Load the current page's code before the first render, so hydration matches the prerendered HTML
// without passing through the loading fallback.
function render(root: HTMLElement): void {
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

const { pathname } = window.location;
void Promise.resolve(matchAppRoute(pathname)?.route.page.preload(pathname))
  .catch((error: unknown) => {
    logger.error('Could not load the page before the first render:', error);
  })
  .then(() => render(container));
