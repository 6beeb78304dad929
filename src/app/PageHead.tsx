import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle } from './documentTitle';
import type { PageMeta } from './head';

// The page the browser loaded arrived with its head already written (prerendered), so the first
// render leaves it alone and the tag builder (./liveHead.ts) loads after an in-app navigation.
let headFromServer = true;

/** Keeps the document's title and meta tags in step with the page after client-side navigation. */
export function PageHead({ meta }: { meta: PageMeta }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (headFromServer) {
      headFromServer = false;
      if (document.title === documentTitle(meta)) return;
    }
    // The title at once (history entries and screen readers announce it); the tags once loaded.
    document.title = documentTitle(meta);
    let current = true;
    void import('./liveHead').then(({ showPageHead }) => {
      if (current) showPageHead(meta, pathname);
    });
    return () => {
      current = false;
    };
  }, [meta, pathname]);
  return null;
}
