import { site } from '@/content/site';

/** "<page title> | Revolve", or the site name alone for a page titled with it. */
export function documentTitle(meta: { title: string }): string {
  return meta.title === site.name ? site.name : `${meta.title} | ${site.name}`;
}
