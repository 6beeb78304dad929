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
try {
  await matchAppRoute(window.location.pathname)?.route.page.preload();
} catch (error) {
  logger.error('Could not load the page before the first render:', error);
}

if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
