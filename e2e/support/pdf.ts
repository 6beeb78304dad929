import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF (a file's path, or its bytes) as a reader gets it: its text (pages joined), its page count,
 * title and language.
 */
export async function readPdf(
  file: string | Uint8Array,
): Promise<{ text: string; pages: number; title: unknown; language: unknown }> {
  const data = typeof file === 'string' ? new Uint8Array(await readFile(file)) : file.slice();
  const pdf = await getDocument({ data }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      // A line drawn in two fonts is two items; each line ends with hasEOL.
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join(''),
      );
    }
    const info = (await pdf.getMetadata()).info as Record<string, unknown>;
    return {
      text: pages.join('\n'),
      pages: pdf.numPages,
      title: info.Title,
      language: info.Language,
    };
  } finally {
    await pdf.destroy();
  }
}
