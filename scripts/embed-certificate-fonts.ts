/**
 * `npm run fonts:certificate`: writes the typeface files the certificate PDF embeds into
 * supabase/functions/_shared/certificate-pdf/font-data.ts, as base64. The PDF is made in the browser
 * and in an edge function, and an edge function deploys as code: a module is the one form of the
 * files both can import with no file system or fetch. Run it after upgrading @fontsource/source-sans-3
 * (a unit test fails until then).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { certificateFontFiles, fontDataPath } from './lib/certificateFonts';

const parts = await Promise.all(
  certificateFontFiles.map(async ({ weight, part, file }) => {
    const base64 = (await readFile(file)).toString('base64');
    return { weight, part, base64 };
  }),
);
const { version } = JSON.parse(
  await readFile('node_modules/@fontsource/source-sans-3/package.json', 'utf8'),
) as { version: string };
const weights = ['regular', 'bold'] as const;
const body = weights
  .map((weight) => {
    const entries = parts
      .filter((entry) => entry.weight === weight)
      .map((entry) => `    ${entry.part}: '${entry.base64}',`)
      .join('\n');
    return `  ${weight}: {\n${entries}\n  },`;
  })
  .join('\n');
await writeFile(
  fontDataPath,
  `// Written by scripts/embed-certificate-fonts.ts from @fontsource/source-sans-3 ${version}; do not edit.
// Source Sans 3, under the SIL Open Font License 1.1 (OFL.txt beside this file).
export const sourceSans3 = {
${body}
};
`,
);
console.log(`Wrote ${fontDataPath} from @fontsource/source-sans-3 ${version}.`);
