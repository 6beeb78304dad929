import latinRegularUrl from '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff?url';
import latinBoldUrl from '@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff?url';
import extendedRegularUrl from '@fontsource/source-sans-3/files/source-sans-3-latin-ext-400-normal.woff?url';
import extendedBoldUrl from '@fontsource/source-sans-3/files/source-sans-3-latin-ext-700-normal.woff?url';

/**
 * The brand typeface's files for the PDF: Source Sans 3, regular and bold, each in its Latin and
 * extended Latin parts (a name such as Łukasz Dvořák needs the second). Static WOFF files: the
 * font library subsets them reliably, which it does not do for the web's variable font or WOFF2.
 */
export interface FontFiles {
  regular: { latin: Uint8Array; extended: Uint8Array };
  bold: { latin: Uint8Array; extended: Uint8Array };
}

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the font ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The files, fetched from the site (loaded only when a PDF is made). */
export async function loadFontFiles(): Promise<FontFiles> {
  const [latinRegular, latinBold, extendedRegular, extendedBold] = await Promise.all([
    bytesOf(latinRegularUrl),
    bytesOf(latinBoldUrl),
    bytesOf(extendedRegularUrl),
    bytesOf(extendedBoldUrl),
  ]);
  return {
    regular: { latin: latinRegular, extended: extendedRegular },
    bold: { latin: latinBold, extended: extendedBold },
  };
}
