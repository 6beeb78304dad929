import { sourceSans3 } from './font-data.ts';

/**
 * The brand typeface's files for the PDF: Source Sans 3, regular and bold, each in its Latin and
 * extended Latin parts (a name such as Łukasz Dvořák needs the second). Static WOFF files: the
 * font library subsets them reliably, which it does not do for the web's variable font or WOFF2.
 */
export interface FontFiles {
  regular: { latin: Uint8Array; extended: Uint8Array };
  bold: { latin: Uint8Array; extended: Uint8Array };
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export function fontFiles(): FontFiles {
  return {
    regular: {
      latin: bytesOf(sourceSans3.regular.latin),
      extended: bytesOf(sourceSans3.regular.extended),
    },
    bold: { latin: bytesOf(sourceSans3.bold.latin), extended: bytesOf(sourceSans3.bold.extended) },
  };
}
