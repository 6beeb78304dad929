import { readFile } from 'node:fs/promises';
import type { FontFiles } from './fonts';

/** The font files read from the package, as tests (in Node) give them to the PDF builder. */
export async function testFontFiles(): Promise<FontFiles> {
  const file = (name: string) =>
    readFile(`node_modules/@fontsource/source-sans-3/files/source-sans-3-${name}-normal.woff`).then(
      (buffer) => new Uint8Array(buffer),
    );
  const [latinRegular, latinBold, extendedRegular, extendedBold] = await Promise.all([
    file('latin-400'),
    file('latin-700'),
    file('latin-ext-400'),
    file('latin-ext-700'),
  ]);
  return {
    regular: { latin: latinRegular, extended: extendedRegular },
    bold: { latin: latinBold, extended: extendedBold },
  };
}
