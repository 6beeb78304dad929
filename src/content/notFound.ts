import type { PageHeroCopy } from './pages';

/** The page's heading and lead text (its title is in ./pages.ts). */
export const notFoundHero: PageHeroCopy = {
  heading: 'Oops! Page not found',
  intro: 'The page you were looking for has moved or never existed.',
};
