import { pageDescriptions } from '@/content/pageDescriptions';
import { env } from '@/lib/env';
import { applyPageHead, resolvePageMeta, type PageMeta } from './head';

// Loaded after the first in-app navigation only: the page the browser loaded has its head tags from
// the prerendered HTML, so first views need neither the descriptions nor the tag builder.

/** Replaces the document's page head tags with those of `meta` at `pathname`. */
export function showPageHead(meta: PageMeta, pathname: string): void {
  applyPageHead(resolvePageMeta(meta, pageDescriptions), pathname, env.siteUrl);
}
