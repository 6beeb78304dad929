import type { PageKey } from '@/content/pages';
import { site } from '@/content/site';
import { documentTitle } from './documentTitle';

export interface PageMeta {
  title: string;
  /**
   * The page's search description, or the key of its entry in src/content/pageDescriptions.ts,
   * which the browser loads only after an in-app navigation (see resolvePageMeta).
   */
  description: string | { page: PageKey };
  /** The path search engines should index this page under, when it differs from its own path. */
  canonicalPath?: string;
  /** Pages that must stay out of search results (password gates, portal pages, not found). */
  noindex?: boolean;
}

/** Page metadata with its description text, ready to render. */
export type ResolvedPageMeta = Omit<PageMeta, 'description'> & { description: string };

export function resolvePageMeta(
  meta: PageMeta,
  descriptions: Record<PageKey, string>,
): ResolvedPageMeta {
  const { description } = meta;
  return {
    ...meta,
    description: typeof description === 'string' ? description : descriptions[description.page],
  };
}

interface HeadTag {
  tag: 'meta' | 'link';
  attributes: Record<string, string>;
}

/** Marks the tags owned by the current page, so navigation can replace them without touching the rest. */
const pageHeadAttribute = 'data-page-head';

export function pageHeadTags(meta: ResolvedPageMeta, pathname: string, siteUrl: string): HeadTag[] {
  const tags: HeadTag[] = [
    { tag: 'meta', attributes: { name: 'description', content: meta.description } },
    { tag: 'meta', attributes: { property: 'og:type', content: 'website' } },
    { tag: 'meta', attributes: { property: 'og:site_name', content: site.name } },
    { tag: 'meta', attributes: { property: 'og:title', content: documentTitle(meta) } },
    { tag: 'meta', attributes: { property: 'og:description', content: meta.description } },
    {
      tag: 'meta',
      attributes: { property: 'og:image', content: new URL(site.ogImage, siteUrl).href },
    },
    { tag: 'meta', attributes: { name: 'twitter:card', content: 'summary_large_image' } },
  ];
  if (meta.noindex) {
    // A page kept out of search results has no canonical address to advertise.
    tags.push({ tag: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } });
  } else {
    const canonicalUrl = new URL(meta.canonicalPath ?? pathname, siteUrl).href;
    tags.push(
      { tag: 'link', attributes: { rel: 'canonical', href: canonicalUrl } },
      { tag: 'meta', attributes: { property: 'og:url', content: canonicalUrl } },
    );
  }
  return tags;
}

/** The page's head as HTML, for prerendering. */
export function renderPageHead(meta: ResolvedPageMeta, pathname: string, siteUrl: string): string {
  const tags = pageHeadTags(meta, pathname, siteUrl).map(({ tag, attributes }) => {
    const attributeText = Object.entries(attributes)
      .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
      .join(' ');
    return `<${tag} ${pageHeadAttribute} ${attributeText}>`;
  });
  return [`<title>${escapeHtml(documentTitle(meta))}</title>`, ...tags].join('\n    ');
}

/** Replaces the previous page's head tags in the live document after a client-side navigation. */
export function applyPageHead(meta: ResolvedPageMeta, pathname: string, siteUrl: string): void {
  document.title = documentTitle(meta);
  for (const element of document.head.querySelectorAll(`[${pageHeadAttribute}]`)) element.remove();
  for (const { tag, attributes } of pageHeadTags(meta, pathname, siteUrl)) {
    const element = document.createElement(tag);
    element.setAttribute(pageHeadAttribute, '');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.append(element);
  }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
