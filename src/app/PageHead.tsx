import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { env } from '@/lib/env';
import { applyPageHead, type PageMeta } from './head';

/** Keeps the document's title and meta tags in step with the page after client-side navigation. */
export function PageHead({ meta }: { meta: PageMeta }) {
  const { pathname } = useLocation();
  useEffect(() => {
    applyPageHead(meta, pathname, env.siteUrl);
  }, [meta, pathname]);
  return null;
}
