/** The static WOFF files of Source Sans 3 that the certificate PDF embeds, and where they go. */
const files = 'node_modules/@fontsource/source-sans-3/files';

export const certificateFontFiles = [
  { weight: 'regular', part: 'latin', file: `${files}/source-sans-3-latin-400-normal.woff` },
  { weight: 'regular', part: 'extended', file: `${files}/source-sans-3-latin-ext-400-normal.woff` },
  { weight: 'bold', part: 'latin', file: `${files}/source-sans-3-latin-700-normal.woff` },
  { weight: 'bold', part: 'extended', file: `${files}/source-sans-3-latin-ext-700-normal.woff` },
] as const;

export const fontDataPath = 'supabase/functions/_shared/certificate-pdf/font-data.ts';
